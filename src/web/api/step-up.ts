/**
 * Step-up (issue 34, item 5): the dangerous actions (a ban, a role change, deleting an officer or a
 * regiment, removing a whole review wave, removing a passkey, new recovery codes, an admin's reset
 * of an account's factors) need a second factor checked in the last few minutes. The server refuses
 * such an action with 401 and `stepUp: true`; `withStepUp` then asks for a code or a passkey and
 * sends the action once more. Only the mutations of those actions use it, and the dialog's code
 * loads the first time one is refused: the first screen carries none of it.
 */
import { securityMessages } from '#core/messages/security';
import { ApiError } from '#web/lib/api-client';

/** The user closed the step-up dialog: the action was not done, and nothing failed. */
export class StepUpCancelledError extends Error {
  constructor() {
    super(securityMessages.stepUpCancelled);
    this.name = 'StepUpCancelledError';
  }
}

/** The server's refusal of a dangerous action until a factor is checked again. */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.body.stepUp === true;
}

/** One question at a time: two actions refused together wait for the same dialog. */
let asking: Promise<boolean> | null = null;

function confirmIdentityOnce(): Promise<boolean> {
  asking ??= import('#web/components/domain/step-up-dialog')
    .then(({ confirmIdentity }) => confirmIdentity())
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * Runs `action`; when the server asks for a step-up, asks the user for a second factor and runs it
 * once more. Rejects with StepUpCancelledError when the user closes the dialog instead.
 */
export async function withStepUp<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isStepUpRequired(error)) throw error;
  }
  if (!(await confirmIdentityOnce())) throw new StepUpCancelledError();
  return action();
}

/**
 * An action's failure handler that stays quiet when the user cancelled the step-up: they chose not
 * to go on, and the dialog they closed was the answer.
 */
export function unlessStepUpCancelled<E>(handler: (error: E) => void): (error: E) => void {
  return (error) => {
    if (!(error instanceof StepUpCancelledError)) handler(error);
  };
}
