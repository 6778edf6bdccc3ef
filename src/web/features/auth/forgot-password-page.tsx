import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordMessages } from '#core/messages/forgot-password';
import { emailOnlyBodySchema } from '#core/schemas/auth';
import { useForgotPassword } from '#web/api/password-reset';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { Alert } from '#web/components/ui/feedback';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AuthCard } from './components/auth-card';
import { forgotPasswordErrorMessage } from './map-lifecycle-errors';

/**
 * /forgot-password (spec section 2): asks for a reset link. The answer is the same whether or not the
 * account exists, so the screen never tells who has an account.
 */
function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const forgot = useForgotPassword();

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof emailOnlyBodySchema>, unknown, z.output<typeof emailOnlyBodySchema>>({
    resolver: zodResolver(emailOnlyBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) => forgot.mutate(email));

  return (
    <AuthCard title="Forgot Password" description="Enter the email address of your account and we will send you a link to choose a new password.">
      {forgot.isSuccess ? (
        <Alert variant="success" title={forgotPasswordMessages.sentTitle}>
          {forgotPasswordMessages.sent}
        </Alert>
      ) : (
        <>
          {forgot.isError && (
            <Alert variant="destructive" title={forgotPasswordMessages.failedTitle} className="mb-6">
              {forgotPasswordErrorMessage(forgot.error)}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField label="Email" error={errors.email?.message}>
              {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
            </FormField>
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
            </Button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-stone-600">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-link hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
