/** What a password sign-in answers (spec section 7; issue 34): signed in, or the second step comes next. */
import type { AuthUser } from './api.js';
import type { NeedsSecondFactor } from './schemas/second-factor.js';

export type SignInAnswer = { user: AuthUser } | NeedsSecondFactor;

/** The password was right and the account has a factor: not signed in yet, the second step comes next. */
export function needsSecondFactor(answer: SignInAnswer): answer is NeedsSecondFactor {
  return 'needsSecondFactor' in answer;
}
