import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Spec section 9: after a registration is submitted the page moves on to / after about 100 ms. */
export const REGISTRATION_REDIRECT_DELAY_MS = 100;

/**
 * Returns a function that goes home after the short delay, so the success toast is seen on the form
 * first. Leaving the page sooner cancels it.
 */
export function useRedirectHomeSoon(): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate('/'), REGISTRATION_REDIRECT_DELAY_MS);
  }, [navigate]);
}
