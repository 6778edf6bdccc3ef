import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionMessages } from '#core/messages/session';
import { authPathReturningTo } from '#core/return-path';
import { toast } from '#web/lib/toast-store';

interface RedirectNotice {
  to: string;
  title: string;
  description: string;
  /**
   * The reader is signed out: beside the spec's redirect and toast, the toast offers a login that
   * comes back to this page (/login?next=..., issue 13).
   */
  offersLogin?: boolean;
}

/** Leaves a guarded page: shows the toast that says why, then replaces the entry in history. */
export function RedirectWithNotice({ redirect }: { redirect: RedirectNotice }) {
  const { to, title, description, offersLogin = false } = redirect;
  const navigate = useNavigate();
  const location = useLocation();
  // The page being left, read before the redirect replaces it.
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  // StrictMode runs effects twice in development; one toast is enough.
  const hasNotified = useRef(false);
  useEffect(() => {
    if (!hasNotified.current) {
      hasNotified.current = true;
      toast({
        title,
        description,
        action: offersLogin
          ? { label: sessionMessages.loginAction, onClick: () => void navigate(authPathReturningTo('/login', returnTo)) }
          : undefined,
      });
    }
    void navigate(to, { replace: true });
  }, [navigate, to, title, description, offersLogin, returnTo]);
  return null;
}
