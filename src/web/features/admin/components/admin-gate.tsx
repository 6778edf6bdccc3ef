import { KeyRound, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#core/client-routes';
import { adminMessages } from '#core/messages/admin';
import { notFoundMessages } from '#core/messages/not-found';
import { securityMessages } from '#core/messages/security';
import { useAuth } from '#web/api/auth';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/feedback';
import { decideAdminAccess, type AdminScreenAudience } from '#web/features/admin/admin-access';

/**
 * Shows `children` to admins only (spec section 2, Access control screens), or with `audience`
 * 'staff' to moderators too (issue 33): a spinner while the auth status loads, then 'Access Denied'
 * for everyone else, and the way to enrol for staff without a second factor (issue 34, item 4). The
 * children are not mounted before access is granted, and the admin queries also wait for it
 * (`enabled: isAdmin`, or `isStaff`).
 */
export function AdminGate({
  deniedMessage = adminMessages.accessDenied,
  audience = 'admin',
  children,
}: {
  deniedMessage?: string;
  audience?: AdminScreenAudience;
  children: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const access = decideAdminAccess({ user, isAuthLoading: isLoading, audience });
  if (access === 'checking') return <Spinner label="Checking your access…" />;
  if (access === 'denied') return <AccessDenied message={deniedMessage} />;
  if (access === 'enrol') return <EnrolSecondFactor />;
  return <>{children}</>;
}

function EnrolSecondFactor() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <KeyRound className="h-14 w-14 text-brass-dark" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-primary">{securityMessages.staffNeedsSecondFactor}</h1>
      <p className="mt-3 text-stone-600">{securityMessages.staffNeedsSecondFactorDetail}</p>
      <Button asChild className="mt-8">
        <Link to={CLIENT_ROUTES.security}>{securityMessages.openSecuritySettings}</Link>
      </Button>
    </section>
  );
}

function AccessDenied({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <ShieldAlert className="h-14 w-14 text-red-700" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-primary">{adminMessages.accessDeniedTitle}</h1>
      <p className="mt-3 text-stone-600">{message}</p>
      <Button asChild className="mt-8">
        <Link to="/">{notFoundMessages.button}</Link>
      </Button>
    </section>
  );
}
