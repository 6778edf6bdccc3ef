/**
 * The kinds of notification (issue 18, item 4), their mail defaults, and the text and link of each,
 * made from the facts a notification row keeps (docs/decisions/0036-notifications-and-outbox.md).
 * The server sends the text with each notification and uses it in the mail, so the web shows what
 * the mail says without bundling this module.
 */
import { formatDate } from './date.js';
import { followMessages } from './messages/follows.js';
import { notificationsMessages as M } from './messages/notifications.js';
import { ACTION_KIND_LABELS, groundLabel, type ModerationActionKind } from './moderation.js';
import { reviewPath } from './review-link.js';
import { SECURITY_SETTINGS_PATH } from './second-factor.js';

/** Where a user reads the statements of reasons that concern them, and appeals (issue 33). */
export const STANDING_PATH = '/settings/standing';

export const NOTIFICATION_KINDS = [
  'registration_decided',
  'review_reply',
  'review_of_your_officer',
  'review_removed',
  // Written by the review-wave moderation (another issue); the kind is here so settings show it.
  'review_wave_decided',
  // A regiment's Discord webhook was turned off (issue 19, item 3): told to the regiment's owner.
  'regiment_webhook_disabled',
  // Issue 33: a statement of reasons for a staff action that affects the user, and an appeal's outcome.
  'moderation_action',
  'appeal_decided',
  // Issue 34, item 7: a factor added or removed, recovery codes used or renewed, a staff sign-in from a new browser.
  'account_security',
  // Issue 36, item 1: news of a followed officer or regiment; mailed only in the digest.
  'followed_activity',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Mailed unless the user turned it off: the defaults (what became of something the user
 * submitted, and answers to them). The others are frequent for a popular officer, or already said
 * on the screen the user was on, and stay in the bell unless turned on.
 */
export const MAIL_DEFAULTS: Readonly<Record<NotificationKind, boolean>> = {
  registration_decided: true,
  review_reply: true,
  review_of_your_officer: false,
  review_removed: false,
  review_wave_decided: false,
  // Posting has stopped until the owner acts: rare, and easy to miss in the bell.
  regiment_webhook_disabled: true,
  moderation_action: true,
  appeal_decided: true,
  account_security: true,
  // Never mailed one by one: the digest (users.follow_digest) carries these.
  followed_activity: false,
};

/**
 * Always mailed, and not offered as a switch (issue 33, item 3): a statement of reasons, and the
 * outcome of an appeal, must reach the user they concern.
 */
export const MAIL_REQUIRED: ReadonlySet<NotificationKind> = new Set(['moderation_action', 'appeal_decided', 'account_security']);

/**
 * No longer written (issue 33: a staff removal's statement of reasons replaced 'review_removed');
 * earlier notifications of the kind still read, but the settings offer no switch that does nothing.
 */
export const RETIRED_KINDS: ReadonlySet<NotificationKind> = new Set(['review_removed']);

/**
 * Mailed as a digest, not one mail each (issue 36, item 1): no per-kind switch, the settings offer
 * the digest's frequency instead, and its unsubscribe link turns the digest off.
 */
export const DIGEST_KINDS: ReadonlySet<NotificationKind> = new Set(['followed_activity']);

/** The settings switch of each kind, also named by the unsubscribe page. */
export const MAIL_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  registration_decided: M.mailKindRegistrationDecided,
  review_reply: M.mailKindReviewReply,
  review_of_your_officer: M.mailKindReviewOfYourOfficer,
  review_removed: M.mailKindReviewRemoved,
  review_wave_decided: M.mailKindReviewWaveDecided,
  regiment_webhook_disabled: M.mailKindRegimentWebhookDisabled,
  moderation_action: M.mailKindModerationAction,
  appeal_decided: M.mailKindAppealDecided,
  account_security: M.mailKindAccountSecurity,
  followed_activity: followMessages.mailKindFollowedActivity,
};

export type MailPreferences = Record<NotificationKind, boolean>;

/** The stored choices (only the kinds a user changed) over the defaults; unknown keys are dropped. */
export function effectiveMailPreferences(stored: Readonly<Record<string, boolean>>): MailPreferences {
  const preferences = { ...MAIL_DEFAULTS };
  for (const kind of NOTIFICATION_KINDS) {
    if (typeof stored[kind] === 'boolean' && !MAIL_REQUIRED.has(kind) && !DIGEST_KINDS.has(kind)) preferences[kind] = stored[kind];
  }
  return preferences;
}

/** The facts each kind keeps. The kinds to come may add fields; readers take what they know. */
export interface NotificationData {
  registration_decided: {
    registrationType: 'regiment' | 'officer';
    registrationId: number;
    name: string;
    status: 'approved' | 'rejected';
    notes: string | null;
    /** The regiment or officer the approval created. */
    createdId: number | null;
  };
  review_reply: { reviewId: number; officerId: number; officerName: string };
  review_of_your_officer: { reviewId: number; officerId: number; officerName: string; reviewerUsername: string };
  review_removed: { officerId: number; officerName: string; reason: string | null };
  /** Issue 17: told to each reviewer in the wave, and to the officer's linked account. */
  review_wave_decided: {
    officerId: number;
    officerName: string;
    /** For the officer, 'mixed' when some reviews were released and others removed (issue 32). */
    outcome: 'released' | 'removed' | 'mixed';
    audience: 'reviewer' | 'officer';
    reviewCount: number;
    /** For the officer (issue 32): how many went each way. */
    releasedCount?: number;
    removedCount?: number;
    /** For a removed review's author (issue 32): when they may review the officer again (ISO). */
    cooldownUntil?: string;
  };
  regiment_webhook_disabled: { regimentId: number; regimentName: string; reason: 'gone' | 'failing' };
  /** Issue 33: the statement itself is read on /settings/standing; the notification says what and why. */
  moderation_action: { actionId: number; kind: ModerationActionKind; subject: string; ground: string; facts?: string; endsAt: string | null };
  appeal_decided: { actionId: number; kind: ModerationActionKind; subject: string; outcome: 'upheld' | 'reversed'; reason: string };
  /** Issue 34, item 7: told at once, so a change the user did not make is seen while it can be undone. */
  account_security: {
    event: AccountSecurityEvent;
    /** 'totp' or 'passkey' for a factor added or removed; a passkey's name. */
    method?: 'totp' | 'passkey';
    name?: string;
    /** A new browser's sign-in: what it said it was, and from where. */
    browser?: string;
    address?: string;
    /** A deletion asked for (issue 35): when it happens (ISO). */
    deleteAfter?: string;
  };
  /** Issue 36, item 1: told to each follower of the officer or of its regiment, never to its author. */
  followed_activity: {
    event: 'review' | 'reply' | 'officer';
    officerId: number;
    officerName: string;
    regimentName: string;
    reviewId?: number;
    reviewerUsername?: string;
  };
}

export type AccountSecurityEvent =
  'deletion_requested' | 'factor_added' | 'factor_removed' | 'factors_reset' | 'recovery_code_used' | 'recovery_codes_renewed' | 'new_browser';

export type NotificationEvent = { [K in NotificationKind]: { kind: K; data: NotificationData[K] } }[NotificationKind];

/** A notification as the user reads it: one sentence (with notes or reason after it), and where it leads. */
export interface NotificationText {
  message: string;
  detail: string | null;
  link: string;
}

export function describeNotification(event: NotificationEvent): NotificationText {
  switch (event.kind) {
    case 'registration_decided': {
      const { registrationType, name, status, notes, createdId } = event.data;
      const link =
        status === 'approved' && createdId !== null
          ? `/${registrationType === 'regiment' ? 'regiment' : 'officer'}/${createdId}`
          : '/my-registrations';
      return { message: M.registrationDecided(registrationType, name, status), detail: notes ? M.registrationNotes(notes) : null, link };
    }
    case 'review_reply':
      return { message: M.reviewReply(event.data.officerName), detail: null, link: reviewPath(event.data.officerId, event.data.reviewId) };
    case 'review_of_your_officer':
      return {
        message: M.reviewOfYourOfficer(event.data.reviewerUsername, event.data.officerName),
        detail: null,
        link: reviewPath(event.data.officerId, event.data.reviewId),
      };
    case 'review_removed':
      return {
        message: M.reviewRemoved(event.data.officerName),
        detail: event.data.reason ? M.reviewRemovedReason(event.data.reason) : null,
        link: '/my-reviews',
      };
    case 'review_wave_decided':
      return {
        message: M.reviewWaveDecided(event.data),
        detail: event.data.cooldownUntil ? M.reviewWaveCooldown(formatDate(event.data.cooldownUntil)) : null,
        link: event.data.audience === 'reviewer' && event.data.outcome === 'removed' ? '/my-reviews' : `/officer/${event.data.officerId}`,
      };
    case 'regiment_webhook_disabled':
      return { message: M.regimentWebhookDisabled(event.data), detail: null, link: `/regiment/${event.data.regimentId}` };
    case 'moderation_action':
      return {
        message: M.moderationAction(ACTION_KIND_LABELS[event.data.kind], event.data.subject, event.data.endsAt && formatDate(event.data.endsAt)),
        detail: M.moderationGround(groundLabel(event.data.ground), event.data.facts ?? null),
        link: STANDING_PATH,
      };
    case 'appeal_decided':
      return {
        message: M.appealDecided(event.data.subject, event.data.outcome),
        detail: M.appealDecisionReason(event.data.reason),
        link: STANDING_PATH,
      };
    case 'account_security':
      // A deletion is cancelled from the settings; everything else is looked at on the security page.
      return event.data.event === 'deletion_requested'
        ? { message: M.accountDeletionRequested(formatDate(event.data.deleteAfter!)), detail: null, link: '/settings' }
        : { message: M.accountSecurity(event.data), detail: M.accountSecurityDetail, link: SECURITY_SETTINGS_PATH };
    case 'followed_activity':
      // A review or a reply is news about one review: the link opens on it.
      return {
        message: followedActivityMessage(event.data),
        detail: null,
        link: event.data.reviewId === undefined ? `/officer/${event.data.officerId}` : reviewPath(event.data.officerId, event.data.reviewId),
      };
  }
}

function followedActivityMessage(data: NotificationData['followed_activity']): string {
  if (data.event === 'review') return followMessages.followedReview(data.reviewerUsername ?? '', data.officerName);
  if (data.event === 'reply') return followMessages.followedReply(data.officerName);
  return followMessages.followedNewOfficer(data.officerName, data.regimentName);
}
