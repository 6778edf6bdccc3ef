import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LIMITS } from '#core/constants';
import { authMessages } from '#core/messages/auth';
import { registrationsMessages } from '#core/messages/registrations';
import { RETURN_PATH_PARAM, authPathReturningTo, parseReturnPath } from '#core/return-path';
import { registerFormSchema, type RegisterForm } from '#core/schemas/auth';
import { useRegister, type RegisterResult } from '#web/api/session';
import { useIdentityProvider } from '#web/api/auth-config';
import { useFirebaseRegister } from '#web/api/firebase-auth';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { Alert } from '#web/components/ui/feedback';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { IdentityFlowError } from '#web/lib/firebase-auth';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AuthCard } from './components/auth-card';
import { mapRegistrationError } from './map-registration-error';

/**
 * /register (spec section 2). `?email=` comes from a third-party sign-in that has no account yet:
 * it prefills the email and suggests the part before '@' as username. `?next=` (from /login) goes
 * on to /login, so the reader still comes back to where they started.
 */
function RegisterPage() {
  const [searchParams] = useSearchParams();
  const returnPath = parseReturnPath(searchParams.get(RETURN_PATH_PARAM));
  const prefilledEmail = searchParams.get('email')?.trim() ?? '';
  const isCompleting = prefilledEmail !== '';
  useDocumentTitle(isCompleting ? 'Complete Registration' : 'Register');

  const navigate = useNavigate();
  const registration = useRegister();
  // IDENTITY_PROVIDER=firebase: the account is created at the identity service first (spec section 4).
  const isFirebase = useIdentityProvider().provider === 'firebase';
  const firebaseRegistration = useFirebaseRegister();
  const isPending = registration.isPending || firebaseRegistration.isPending;
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof registerFormSchema>, unknown, RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: isCompleting ? (prefilledEmail.split('@')[0] ?? '') : '',
      email: prefilledEmail,
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(({ username, email, password }) => {
    setServerError(null);
    const options = {
      onSuccess: (result: RegisterResult) => {
        if (result.needsVerification) {
          toast({ title: 'Check Your Email', description: authMessages.registrationSuccess });
          void navigate(authPathReturningTo('/login', returnPath));
        } else {
          void navigate(returnPath ?? '/', { replace: true });
        }
      },
      onError: (error: Error) => {
        // A failed CSRF check has its own wording (spec section 8, Generic); the rest maps by message.
        if (error instanceof SecurityValidationError || error instanceof IdentityFlowError) setServerError(error.message);
        else setServerError(mapRegistrationError(error instanceof ApiError ? error.serverMessage : error.message));
      },
    };
    if (isFirebase) return firebaseRegistration.mutate({ username, email, password, isCompleting }, options);
    registration.mutate({ username, email, password }, options);
  });

  return (
    <AuthCard
      title={isCompleting ? 'Complete Your Registration' : 'Create an Account'}
      description={
        isCompleting
          ? isFirebase
            ? "You signed in with a third-party account. Choose a username and enter that account's password to finish setting up your account."
            : 'You signed in with a third-party account. Choose a username and a password to finish setting up your account.'
          : 'Join the community to rate officers, vote on reviews and register your regiment.'
      }
    >
      {serverError && (
        <Alert variant="destructive" title={registrationsMessages.failedTitle} className="mb-6">
          {serverError}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Username"
          hint={`${LIMITS.usernameMin} to ${LIMITS.usernameMax} characters; shown with your reviews.`}
          error={errors.username?.message}
        >
          {(field) => <Input {...field} autoComplete="username" {...register('username')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField label="Password" hint={`At least ${LIMITS.passwordMin} characters.`} error={errors.password?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={isPending}>
          {isPending ? 'Creating account…' : isCompleting ? 'Complete Registration' : 'Register'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to={authPathReturningTo('/login', returnPath)} className="font-medium text-link hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

export { RegisterPage as Component };
