import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast-store';

export interface RedirectNotice {
  to: string;
  title: string;
  description: string;
}

/** Leaves a guarded page: shows the toast that says why, then replaces the entry in history. */
export function RedirectWithNotice({ redirect }: { redirect: RedirectNotice }) {
  const { to, title, description } = redirect;
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; one toast is enough.
  const hasNotified = useRef(false);
  useEffect(() => {
    if (!hasNotified.current) {
      hasNotified.current = true;
      toast({ title, description });
    }
    void navigate(to, { replace: true });
  }, [navigate, to, title, description]);
  return null;
}
