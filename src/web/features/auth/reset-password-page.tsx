import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { resetPasswordFormSchema, type ResetPasswordForm } from '#core/schemas/auth';
import { usePasswordResetLink, useResetPassword } from '#web/api/password-reset';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { readResetLink } from './action-link';
import { AuthCard } from './components/auth-card';
import { resetLinkErrorMessage, resetPasswordFailure, type ResetFailure } from './map-lifecycle-errors';

/**
 * The password reset screen (spec sections 2 and 4), on /reset-password and on /__/auth/action for
 * reset links: verifying the link, then the form, then success; or an error.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const link = readResetLink(searchParams);
  const code = link.ok ? link.code : null;
  const account = usePasswordResetLink(code);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<ResetFailure | null>(null);

  const onSubmit = (form: ResetPasswordForm) => {
    if (code === null) return;
    setFailure(null);
    reset.mutate({ code, password: form.password }, { onError: (error) => setFailure(resetPasswordFailure(error)) });
  };

  let content: ReactNode;
  if (!link.ok) content = <ResetError message={link.message} />;
  else if (reset.isSuccess) {
    content = (
      <Alert variant="success" title={resetPasswordMessages.successTitle}>
        {reset.data?.message}
      </Alert>
    );
  } else if (failure?.isLinkDead) content = <ResetError message={failure.message} />;
  else if (account.isError) content = <ResetError message={resetLinkErrorMessage(account.error)} />;
  else if (!account.data) content = <Spinner label="Verifying your reset link…" />;
  else {
    content = <NewPasswordForm email={account.data.email} failure={failure?.message} isPending={reset.isPending} onSubmit={onSubmit} />;
  }

  return (
    <AuthCard title="Reset Password">
      {content}
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/login">{resetPasswordMessages.returnToLogin}</Link>
      </Button>
    </AuthCard>
  );
}

function ResetError({ message }: { message: string }) {
  return (
    <>
      <Alert variant="destructive" title="Cannot Reset Password">
        {message}
      </Alert>
      <p className="mt-4 text-sm text-stone-600">
        <Link to="/forgot-password" className="font-medium text-link hover:underline">
          Request a new reset link
        </Link>
      </p>
    </>
  );
}

function NewPasswordForm({
  email,
  failure,
  isPending,
  onSubmit,
}: {
  email: string;
  failure?: string;
  isPending: boolean;
  onSubmit: (form: ResetPasswordForm) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <>
      <p className="mb-6 text-sm text-stone-600">
        Choose a new password for <strong className="text-ink">{email}</strong>.
      </p>
      {failure && (
        <Alert variant="destructive" title="Password Not Changed" className="mb-6">
          {failure}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          label="New Password"
          hint="8 or more characters, with an uppercase letter, a lowercase letter and a number."
          error={errors.password?.message}
        >
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending ? 'Resetting…' : 'Reset Password'}
        </Button>
      </form>
    </>
  );
}

export { ResetPasswordPage as Component };
