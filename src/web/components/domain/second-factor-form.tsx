import { useState, type FormEvent } from 'react';
import { securityMessages } from '#core/messages/security';
import type { SecondFactorBody } from '#core/schemas/second-factor';
import type { SignInMethod } from '#core/second-factor';
import { authenticateWithPasskey, verifySecondFactor } from '#web/api/second-factor';
import { Button } from '#web/components/ui/button';
import { FieldError, Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { errorMessage } from '#web/lib/api-client';

/** What the text field takes: a code from the authenticator app, or a recovery code. */
type CodeEntry = 'code' | 'recovery';

/** Where a failure shows: under the field, or under the passkey button. */
type Control = 'code' | 'passkey';

/**
 * The field shown first: the app's code when the account has the app; otherwise none (a passkey is
 * the way, with a recovery code one click away).
 */
function firstCodeEntry(methods: readonly SignInMethod[]): CodeEntry | null {
  return methods.includes('totp') ? 'code' : null;
}

/**
 * The check's body, as typed: the server forgives spaces, case and a missing hyphen, and answers a
 * malformed code with the same words as a wrong one (src/core/schemas/second-factor.ts).
 */
function bodyOf(entry: CodeEntry, typed: string): SecondFactorBody {
  return entry === 'code' ? { code: typed } : { recoveryCode: typed };
}

/**
 * The second factor, asked for (issue 34): a code from the authenticator app, a recovery code
 * instead, or a passkey, as the account has them. The sign-in's second step and the step-up dialog
 * both use it; `onVerified` runs once the server has accepted a factor.
 */
export function SecondFactorForm({ methods, onVerified }: { methods: readonly SignInMethod[]; onVerified: () => Promise<void> | void }) {
  const [entry, setEntry] = useState<CodeEntry | null>(() => firstCodeEntry(methods));
  const [typed, setTyped] = useState('');
  // The call on its way, and the last failure with the control it belongs to: its own state, as
  // the step-up dialog has no query client.
  const [pending, setPending] = useState<Control | null>(null);
  const [failure, setFailure] = useState<{ control: Control; message: string } | null>(null);
  const failureOf = (control: Control) => (failure?.control === control ? failure.message : undefined);
  const hasApp = methods.includes('totp');
  const hasRecovery = methods.includes('recovery');

  const check = async (control: Control, verify: () => Promise<unknown>) => {
    setPending(control);
    setFailure(null);
    try {
      await verify();
      await onVerified();
    } catch (error) {
      setFailure({ control, message: errorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (entry) void check('code', () => verifySecondFactor(bodyOf(entry, typed)));
  };

  const switchTo = (next: CodeEntry) => {
    setEntry(next);
    setTyped('');
    setFailure(null);
  };

  return (
    <div className="space-y-4">
      {entry && (
        <form onSubmit={submitCode} noValidate className="space-y-4">
          <FormField label={entry === 'code' ? securityMessages.codeLabel : securityMessages.recoveryCodeLabel} error={failureOf('code')}>
            {(field) => (
              <Input
                {...field}
                // Focus follows the user's choice of field (a new field for each: `key`), as it appears:
                // what they asked for is what they type in next.
                key={entry}
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                {...(entry === 'code'
                  ? { autoComplete: 'one-time-code', inputMode: 'numeric' as const, maxLength: 7 }
                  : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 40 })}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={pending !== null}>
            {pending === 'code' ? 'Verifying…' : securityMessages.verify}
          </Button>
        </form>
      )}
      {hasRecovery && (entry !== 'recovery' || hasApp) && (
        <Button variant="link" size="sm" onClick={() => switchTo(entry === 'recovery' ? 'code' : 'recovery')}>
          {entry === 'recovery' ? securityMessages.useAuthenticatorCode : securityMessages.useRecoveryCode}
        </Button>
      )}
      {methods.includes('passkey') && (
        <div className="space-y-1.5">
          <Button variant="outline" className="w-full" disabled={pending !== null} onClick={() => void check('passkey', authenticateWithPasskey)}>
            {securityMessages.usePasskey}
          </Button>
          <FieldError message={failureOf('passkey')} />
        </div>
      )}
    </div>
  );
}
