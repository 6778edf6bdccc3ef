import { Fingerprint } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatDate } from '#core/date';
import { securityMessages } from '#core/messages/security';
import type { Passkey } from '#core/schemas/second-factor';
import { PASSKEY_NAME_MAX } from '#core/second-factor';
import { useAddPasskey, useRemovePasskey } from '#web/api/second-factor';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/** 'Added 3 Mar 2025, last used 5 Mar 2025': when a passkey came and when it last signed in. */
function passkeyDates(passkey: Passkey): string {
  const added = securityMessages.passkeyCreated(formatDate(passkey.createdAt));
  return passkey.lastUsedAt ? `${added}, ${securityMessages.passkeyLastUsed(formatDate(passkey.lastUsedAt))}` : added;
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const removeIt = () =>
    remove.mutate(passkey, {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: unlessStepUpCancelled((error) =>
        toast({ title: securityMessages.changeFailedTitle, description: errorMessage(error), variant: 'destructive' }),
      ),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Fingerprint className="h-5 w-5 text-brass-dark" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-sm text-stone-600">{passkeyDates(passkey)}</p>
      </div>
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" disabled={remove.isPending} onClick={removeIt}>
        {securityMessages.passkeyRemove}
        <span className="sr-only"> {passkey.name}</span>
      </Button>
    </li>
  );
}

/** Names a new passkey and asks the browser to make it. */
function AddPasskeyForm({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    add.mutate(trimmed, {
      onSuccess: ({ passkey, recoveryCodes }) => {
        toast({ title: securityMessages.passkeyAdded(passkey.name) });
        setName('');
        // The account's first factor brings the recovery codes.
        if (recoveryCodes) onNewCodes(recoveryCodes);
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <FormField label={securityMessages.passkeyNameLabel} error={add.error ? errorMessage(add.error) : undefined}>
          {(field) => (
            <Input
              {...field}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={securityMessages.passkeyNamePlaceholder}
              maxLength={PASSKEY_NAME_MAX}
              required
            />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending || !name.trim()}>
        {securityMessages.passkeyAdd}
      </Button>
    </form>
  );
}

/** Passkeys (issue 34, item 2): the account's list, with when each was added and last used; add and remove. */
export function PasskeysSection({ passkeys, onNewCodes }: { passkeys: Passkey[]; onNewCodes: (codes: string[]) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{securityMessages.passkeysTitle}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-stone-600">{securityMessages.passkeysNone}</p>
        ) : (
          <ul aria-label={securityMessages.passkeysTitle} className="divide-y divide-stone-200">
            {passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        <AddPasskeyForm onNewCodes={onNewCodes} />
      </CardContent>
    </Card>
  );
}
