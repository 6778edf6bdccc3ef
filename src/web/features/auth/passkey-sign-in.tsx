import { useMutation } from '@tanstack/react-query';
import { securityMessages } from '#core/messages/security';
import { Button } from '#web/components/ui/button';
import { FieldError } from '#web/components/ui/form';
import { errorMessage } from '#web/lib/api-client';

/**
 * 'Sign in with a passkey' (issue 34): a passkey alone, without the email and password. The passkey
 * code loads with the click, not with the login screen.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const signIn = useMutation({
    mutationFn: async () => (await import('#web/api/second-factor')).authenticateWithPasskey(),
    onSuccess: onSignedIn,
  });
  return (
    <div className="mt-4 space-y-1.5">
      <Button variant="outline" className="w-full" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        {securityMessages.signInWithPasskey}
      </Button>
      <FieldError message={signIn.error ? errorMessage(signIn.error) : undefined} />
    </div>
  );
}
