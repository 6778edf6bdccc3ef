import { useMutation } from '@tanstack/react-query';
import { authApiPaths } from '#core/auth-api-paths';
import { authMessages } from '#core/messages/auth';
import { api } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

interface RequestVerificationResult {
  message: string;
  verificationUrl?: string;
}

/** POST /api/auth/request-verification {email}: sends a fresh verification email (spec section 7). */
function requestVerificationEmail(email: string): Promise<RequestVerificationResult> {
  return api.post<RequestVerificationResult>(authApiPaths.requestVerification, { email });
}

/**
 * 'Resend Email' on the login screen. The toasts live in the mutation options, not in mutate(),
 * so they still show when the toast's action is used after the user has left the page.
 */
export function useRequestVerificationEmail() {
  return useMutation({
    mutationFn: requestVerificationEmail,
    onSuccess: (result) =>
      toast({
        title: authMessages.verificationEmailSentTitle,
        description: result?.message || authMessages.checkInboxToVerify,
      }),
    onError: () => toast({ title: authMessages.emailNotSentTitle, description: authMessages.resendVerificationFailed, variant: 'destructive' }),
  });
}
