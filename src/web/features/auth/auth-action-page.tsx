import { useSearchParams } from 'react-router';
import { actionScreenFor } from './action-link';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

/**
 * /__/auth/action: the callback address of the mailed links (spec section 2). It renders the screen
 * in place, so the link's query parameters stay as they are.
 */
function AuthActionPage() {
  const [searchParams] = useSearchParams();
  return actionScreenFor(searchParams.get('mode')) === 'resetPassword' ? <ResetPasswordPage /> : <VerifyEmailPage />;
}

export { AuthActionPage as Component };
