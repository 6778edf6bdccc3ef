import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFIED_REDIRECT_DELAY_MS } from '#core/constants';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { useVerifyEmail } from './api';
import { Button } from '#web/components/ui/button';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { readVerificationLink } from './action-link';
import { AuthCard } from './components/auth-card';
import { verificationErrorMessage } from './map-lifecycle-errors';

type VerificationState = { kind: 'loading' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

/**
 * The email verification screen (spec sections 2 and 4), on /verify-email and on /__/auth/action
 * for verification links: loading, then verified (on to /login after 3 seconds) or failed.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const [searchParams] = useSearchParams();
  const link = readVerificationLink(searchParams);
  // A query, not an effect: StrictMode's second mount and later renders reuse the one answer.
  const verification = useVerifyEmail(link.ok ? link.code : null);
  const navigate = useNavigate();

  let state: VerificationState;
  if (!link.ok) state = { kind: 'failed', message: link.message };
  else if (verification.isError) state = { kind: 'failed', message: verificationErrorMessage(verification.error) };
  else if (!verification.data) state = { kind: 'loading' };
  else if (verification.data.success) state = { kind: 'verified', message: verification.data.message };
  else state = { kind: 'failed', message: verifyEmailMessages.failed };

  const isVerified = state.kind === 'verified';
  useEffect(() => {
    if (!isVerified) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isVerified, navigate]);

  return (
    <AuthCard title="Email Verification">
      {state.kind === 'loading' && <Spinner label="Verifying your email…" />}
      {state.kind === 'verified' && (
        <Alert variant="success" title={verifyEmailMessages.verifiedTitle}>
          <p>{state.message}</p>
          <p className="mt-2">You will be taken to the login page in {VERIFIED_REDIRECT_DELAY_MS / 1000} seconds.</p>
        </Alert>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert variant="destructive" title={verifyEmailMessages.failedTitle}>
            {state.message}
          </Alert>
          <p className="mt-4 text-sm text-stone-600">Logging in with an unverified account sends you a new verification link.</p>
        </>
      )}
      <Button asChild className="mt-6 w-full">
        <Link to="/login" replace>
          {verifyEmailMessages.goToLogin}
        </Link>
      </Button>
    </AuthCard>
  );
}

export { VerifyEmailPage as Component };
