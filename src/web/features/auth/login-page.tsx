import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { AuthUser } from '#core/api';
import { CLIENT_ROUTES } from '#core/client-routes';
import { TOAST } from '#core/constants';
import { authMessages } from '#core/messages/auth';
import { identityMessages } from '#core/messages/identity';
import { RETURN_PATH_PARAM, authPathReturningTo, parseReturnPath } from '#core/return-path';
import { loginBodySchema, type LoginBody } from '#core/schemas/auth';
import type { SignInMethod } from '#core/second-factor';
import { needsSecondFactor } from '#core/sign-in-answer';
import { authStatusQueryOptions, useAuth } from '#web/api/auth';
import { useIdentityProvider } from '#web/api/auth-config';
import { useFirebaseLogin, useFirebaseResendVerification } from '#web/api/firebase-auth';
import { useAfterSessionChange, useLogin } from '#web/api/session';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { classifyLoginError } from './classify-login-error';
import { AuthCard } from './components/auth-card';
import { PasskeySignIn } from './passkey-sign-in';
import { useRequestVerificationEmail } from './use-request-verification-email';

// The second step (issue 34) loads when an account needs it: most sign-ins never do.
const SecondStep = lazy(() => import('./second-step').then((m) => ({ default: m.SecondStep })));

/**
 * Where a sign-in lands: `destination`, except for an account waiting to be deleted (issue 35). The
 * server lets it do nothing but cancel, and /settings is where it can.
 */
function landingOf(user: AuthUser | null | undefined, destination: string): string {
  return user?.deleteAfter ? CLIENT_ROUTES.settings : destination;
}

/**
 * /login (spec section 2): email and password; success goes to /, or back to the page that sent the
 * reader here (`?next=`, a path on this site only; src/core/return-path.ts). An account with a second
 * factor is asked for it next (issue 34), and a passkey alone signs in too.
 */
function LoginPage() {
  useDocumentTitle('Login');
  const { user } = useAuth();
  const navigate = useNavigate();
  const returnPath = parseReturnPath(useSearchParams()[0].get(RETURN_PATH_PARAM));
  const destination = returnPath ?? '/';
  const login = useLogin();
  const builtinResend = useRequestVerificationEmail();
  // IDENTITY_PROVIDER=firebase: the identity service signs in first (spec section 4, Login).
  const isFirebase = useIdentityProvider().provider === 'firebase';
  const firebaseLogin = useFirebaseLogin();
  const firebaseResend = useFirebaseResendVerification((email) => builtinResend.mutate(email));
  const resend = isFirebase ? firebaseResend : builtinResend;
  // The email of an account that must be verified first; set when the server says so.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // The password was right; the account's factors finish the sign-in (issue 34).
  const [secondStep, setSecondStep] = useState<SignInMethod[] | null>(null);
  const queryClient = useQueryClient();
  const afterSignIn = useAfterSessionChange();
  // Every way of signing in has refetched the auth status by the time it calls this.
  const leave = () => void navigate(landingOf(queryClient.getQueryData(authStatusQueryOptions().queryKey)?.user, destination), { replace: true });
  const finishSignIn = async () => {
    await afterSignIn();
    leave();
  };

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof loginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((body) => {
    setUnverifiedEmail(null);
    const options = {
      onSuccess: leave,
      onError: (error: unknown) => {
        const failure = classifyLoginError(error);
        if (failure.kind === 'needsVerification') {
          setUnverifiedEmail(body.email);
          toast({
            title: authMessages.verificationRequiredTitle,
            // The server has mailed a new link with its refusal; the screen keeps the shorter notice.
            description: isFirebase ? identityMessages.emailNotVerified : authMessages.unverifiedNewEmailSent,
            duration: TOAST.verificationDurationMs,
            action: { label: authMessages.resendEmail, onClick: () => resend.mutate(body.email) },
          });
        } else if (failure.kind === 'failed') {
          toast({ title: authMessages.loginFailedTitle, description: failure.message, variant: 'destructive' });
        } else {
          toast({ title: authMessages.loginErrorTitle, description: failure.message, variant: 'destructive' });
        }
      },
    };
    if (!isFirebase) {
      return login.mutate(body, {
        ...options,
        onSuccess: (answer) => (needsSecondFactor(answer) ? setSecondStep(answer.methods) : options.onSuccess()),
      });
    }
    firebaseLogin.mutate(body, {
      ...options,
      // An identity without an account here registers first (spec section 4, Login).
      onSuccess: (outcome) => {
        if (outcome.kind === 'needsRegistration') void navigate(registerPathFor(outcome.email, returnPath));
        else if (outcome.kind === 'needsSecondFactor') setSecondStep(outcome.methods);
        else options.onSuccess();
      },
    });
  });

  // Someone already signed in has nothing to do here. This also answers a successful login, as the
  // refreshed auth status can arrive before onSuccess: both go to the same place.
  if (user) return <Navigate to={landingOf(user, destination)} replace />;
  if (secondStep) {
    return (
      <Suspense fallback={<Spinner />}>
        <SecondStep methods={secondStep} onVerified={finishSignIn} onBack={() => setSecondStep(null)} />
      </Suspense>
    );
  }

  return (
    <AuthCard title="Login" description="Sign in to rate officers, vote on reviews and manage your regiment.">
      {unverifiedEmail && (
        <Alert title={authMessages.verificationRequiredTitle} className="mb-6">
          <p>{authMessages.verifyEmailBeforeLogin}</p>
          <Button variant="outline" size="sm" className="mt-3" disabled={resend.isPending} onClick={() => resend.mutate(unverifiedEmail)}>
            {resend.isPending ? 'Sending…' : authMessages.resendEmail}
          </Button>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(field) => <Input {...field} type="password" autoComplete="current-password" {...register('password')} />}
        </FormField>
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-link hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending || firebaseLogin.isPending}>
          {login.isPending || firebaseLogin.isPending ? 'Logging in…' : 'Login'}
        </Button>
      </form>
      <PasskeySignIn onSignedIn={finishSignIn} />
      <p className="mt-6 text-center text-sm text-stone-600">
        New here?{' '}
        <Link to={authPathReturningTo('/register', returnPath)} className="font-medium text-link hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}

/** /register?email=... for an identity without an account here, keeping the return path. */
function registerPathFor(email: string, returnPath: string | null): string {
  const query = new URLSearchParams({ email });
  if (returnPath) query.set(RETURN_PATH_PARAM, returnPath);
  return `/register?${query}`;
}

export { LoginPage as Component };
