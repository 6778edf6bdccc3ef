/**
 * Due process (issue 33; docs/decisions/0049-statements-and-appeals.md): the grounds a staff action
 * may rest on, the kinds of action that affect a user, and what each is called. The list of grounds
 * lives here once: the Terms page, the staff's forms, the statements and the public log all read it.
 */

/**
 * The rules of the site's Terms (the Conduct and Ratings sections), and illegal content. A staff
 * action names exactly one.
 */
export const MODERATION_GROUNDS = [
  { code: 'harassment', label: 'Harassment, threats, slurs or hate speech' },
  { code: 'personal-information', label: 'Personal information about someone' },
  { code: 'manipulation', label: 'Self-reviews, several accounts or coordinated rating campaigns' },
  { code: 'impersonation', label: 'Impersonating another player, officer or regiment' },
  { code: 'spam', label: 'Spam, advertising, or images without the right to share them' },
  { code: 'off-topic', label: 'Not about what the officer did in game' },
  { code: 'false-registration', label: 'A regiment or officer that does not exist, or is not yours to register' },
  { code: 'terms', label: 'Another breach of the Terms of Service' },
  { code: 'illegal-content', label: 'Illegal content' },
] as const;

export type GroundCode = (typeof MODERATION_GROUNDS)[number]['code'];
export const GROUND_CODES = MODERATION_GROUNDS.map((ground) => ground.code) as [GroundCode, ...GroundCode[]];

/**
 * An action taken through one of the spec's calls without a body names no ground or facts: its
 * statement says so in these words rather than invent a reason (the site's own forms always send both).
 */
export const UNSTATED_GROUND: GroundCode = 'terms';
export const UNSTATED_FACTS = 'No further facts were given with this action.';

export function groundLabel(code: string): string {
  return MODERATION_GROUNDS.find((ground) => ground.code === code)?.label ?? code;
}

/** Every kind of staff action that affects a user, and so carries a statement of reasons. */
export const MODERATION_ACTION_KINDS = ['review_removal', 'reply_removal', 'wave_removal', 'suspension', 'ban', 'registration_rejection'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTION_KINDS)[number];

export const ACTION_KIND_LABELS: Readonly<Record<ModerationActionKind, string>> = {
  review_removal: 'Review removed',
  reply_removal: 'Reply removed',
  wave_removal: 'Review removed from a review wave',
  suspension: 'Account suspended',
  ban: 'Account banned',
  registration_rejection: 'Registration rejected',
};

/** What an action was taken on. */
export type ModerationTargetType = 'review' | 'reply' | 'user' | 'regiment_registration' | 'officer_registration';

/** Who acted, as the public log says it: a role, never a person. */
export type ActorRole = 'moderator' | 'admin' | 'system';

/** The outcome of an appeal: open until another staff member decides it. */
export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** The cases staff notes and assignments attach to (issue 33, item 7): the review's flags, its reply's, a wave, an appeal. */
export const CASE_TYPES = ['review', 'reply', 'wave', 'appeal'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** Lengths the forms and the server share. */
export const MODERATION_LIMITS = { factsMax: 2000, appealTextMax: 2000, appealTextMin: 10, noteMax: 2000, decisionReasonMax: 2000 } as const;

/**
 * The paths of the public due-process calls (issue 33), beside apiPaths (api-paths.ts) rather than
 * in it: apiPaths is part of the web's first screen, and only the screens of due process call these.
 */
export const moderationPaths = {
  standing: '/api/users/me/standing',
  appeals: '/api/appeals',
  log: (page: number) => `/api/moderation/log?page=${page}`,
  transparency: (month: string) => `/api/transparency?month=${month}`,
} as const;
