import { securityMessages } from '#core/messages/security';
import type { SignInMethod } from '#core/second-factor';
import { SecondFactorForm } from '#web/components/domain/second-factor-form';
import { Button } from '#web/components/ui/button';
import { AuthCard } from './components/auth-card';

/**
 * The sign-in's second step (issue 34, item 3): the password was right, and the account's factor
 * finishes the sign-in. Going back starts again from the email and password. Loaded by the login
 * screen when an account needs it: most sign-ins never do.
 */
export function SecondStep({
  methods,
  onVerified,
  onBack,
}: {
  methods: readonly SignInMethod[];
  onVerified: () => Promise<void>;
  onBack: () => void;
}) {
  return (
    <AuthCard title={securityMessages.secondFactorTitle} description={securityMessages.secondFactorIntro}>
      <SecondFactorForm methods={methods} onVerified={onVerified} />
      <div className="mt-6 text-center">
        <Button variant="link" size="sm" onClick={onBack}>
          {securityMessages.backToPassword}
        </Button>
      </div>
    </AuthCard>
  );
}
