import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthStatus } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { securityMessages } from '#core/messages/security';
import type { SignInMethod } from '#core/second-factor';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/feedback';
import { api } from '#web/lib/api-client';
import { SecondFactorForm } from './second-factor-form';

/**
 * What a signed-in user can confirm with: their factors (the auth status says which) and a recovery
 * code, which the server takes in place of either.
 */
async function stepUpMethods(): Promise<SignInMethod[]> {
  const status = await api.get<AuthStatus>(apiPaths.authStatus);
  return [...(status.user?.secondFactor?.methods ?? ['totp']), 'recovery'];
}

function StepUpDialog({ onDone }: { onDone: (isPassed: boolean) => void }) {
  const [methods, setMethods] = useState<SignInMethod[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    // Without the answer, the app's code and a recovery code are still worth offering.
    void stepUpMethods()
      .catch((): SignInMethod[] => ['totp', 'recovery'])
      .then((found) => isCurrent && setMethods(found));
    return () => {
      isCurrent = false;
    };
  }, []);
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onDone(false)}>
      <DialogContent title={securityMessages.stepUpTitle} description={securityMessages.stepUpRequired}>
        {methods ? <SecondFactorForm methods={methods} onVerified={() => onDone(true)} /> : <Spinner />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Asks the signed-in user for a second factor (issue 34, item 5): resolves true once the server has
 * accepted one, false when the user closes the dialog. The dialog is drawn in a React root of its
 * own, on top of whatever screen (and dialog) started the action, so no screen has to host it.
 */
export function confirmIdentity(): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    let isDone = false;
    const finish = (isPassed: boolean) => {
      if (isDone) return;
      isDone = true;
      resolve(isPassed);
      // After the event that closed it: a root cannot unmount itself in the middle of its own update.
      // Radix gives the focus back to where it was when the dialog opened.
      setTimeout(() => {
        root.unmount();
        host.remove();
      });
    };
    root.render(<StepUpDialog onDone={finish} />);
  });
}
