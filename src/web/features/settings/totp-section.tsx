import { useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { securityMessages } from '#core/messages/security';
import { useDisableTotp, useEnableTotp, useStartTotpSetup } from '#web/api/second-factor';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/** The key as an image an authenticator app scans (drawn here: the key never leaves the page). */
function qrImageOf(otpauthUrl: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(otpauthUrl))}`;
}

/** A code from the app, asked for to turn it on or off. */
function CodeForm({
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label={securityMessages.codeLabel} error={error ? errorMessage(error) : undefined}>
        {(field) => (
          <Input
            {...field}
            className="max-w-48"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          {submitLabel}
        </Button>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The authenticator app (issue 34, item 1): set up by scanning the key (or typing it) and proving
 * it with a code, which brings the recovery codes the first time; turned off with a current code.
 */
export function TotpSection({ isEnabled, onNewCodes }: { isEnabled: boolean; onNewCodes: (codes: string[]) => void }) {
  const setup = useStartTotpSetup();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [isTurningOff, setTurningOff] = useState(false);

  const turnOn = (code: string) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: securityMessages.totpEnabled });
        setup.reset();
        onNewCodes(recoveryCodes);
      },
    });
  const turnOff = (code: string) =>
    disable.mutate(code, {
      onSuccess: ({ message }) => {
        toast({ title: message });
        setTurningOff(false);
      },
    });
  const startSetup = () =>
    setup.mutate(undefined, {
      onError: (error) => toast({ title: securityMessages.changeFailedTitle, description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{securityMessages.totpTitle}</CardTitle>
        <CardDescription>{isEnabled ? securityMessages.totpOn : securityMessages.totpOff}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isEnabled && !isTurningOff && (
          <Button variant="outline" size="sm" onClick={() => setTurningOff(true)}>
            {securityMessages.totpDisable}
          </Button>
        )}
        {isEnabled && isTurningOff && (
          <>
            <p className="text-sm">{securityMessages.totpDisableConfirm}</p>
            <CodeForm
              submitLabel={securityMessages.totpDisable}
              isPending={disable.isPending}
              error={disable.error}
              onSubmit={turnOff}
              onCancel={() => {
                disable.reset();
                setTurningOff(false);
              }}
            />
          </>
        )}
        {!isEnabled && !setup.data && (
          <Button size="sm" disabled={setup.isPending} onClick={startSetup}>
            {securityMessages.totpSetUp}
          </Button>
        )}
        {!isEnabled && setup.data && (
          <>
            <p className="text-sm">{securityMessages.totpScan}</p>
            <img
              src={qrImageOf(setup.data.otpauthUrl)}
              alt={securityMessages.totpQrAlt}
              className="h-48 w-48 rounded border border-stone-200 bg-white"
            />
            <p className="text-sm">
              {securityMessages.totpSecretLabel}: <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono break-all">{setup.data.secret}</code>
            </p>
            <CodeForm
              submitLabel={securityMessages.totpEnable}
              isPending={enable.isPending}
              error={enable.error}
              onSubmit={turnOn}
              onCancel={() => {
                enable.reset();
                setup.reset();
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
