import { useNavigate } from 'react-router';
import { sessionMessages } from '#core/messages/session';
import { useLogout } from '#web/api/session';
import { toast } from '#web/lib/toast-store';

/**
 * Logout from any page lands on / (spec section 2: successful logout sends the browser to /) with a
 * short 'Signed out' toast. `flushSync` commits the home page before the cached auth status changes
 * (see useLogout): in a transition, the page being left could still be on screen when the session
 * disappears and react to it (My Reviews with 'Authentication Required', /admin with 'Access Denied').
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useLogout({
    leave: async () => {
      await navigate('/', { flushSync: true });
      toast({ title: sessionMessages.signedOut });
    },
  });
}
