interface WaveDecidedData {
  officerName: string;
  outcome: 'released' | 'removed' | 'mixed';
  audience: 'reviewer' | 'officer';
  reviewCount: number;
  releasedCount?: number;
  removedCount?: number;
}

/**
 * Notifications, their mails and My Registrations (issue 18, items 3 and 4). The status badges
 * reuse adminMessages.statusApproved / statusRejected.
 */
export const notificationsMessages = {
  title: 'Notifications',
  /** The bell's accessible name: the count is part of it, so a screen reader hears it. */
  bellLabel: (count: number) => `Notifications, ${count} unread`,
  empty: 'You have no notifications yet.',
  loadFailed: 'Your notifications could not be loaded.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  markReadFailed: 'Your notifications could not be marked as read. Please try again.',
  loadMore: 'Load more',
  unread: 'Unread',
  loginToSeeNotifications: 'You must be logged in to see your notifications.',
  readBodyRequired: 'Send either ids (a list of notification ids) or all: true.',
  tooManyIds: 'At most 100 notifications can be marked at once.',
  invalidCursor: 'This page of notifications is no longer available. Start again from the first page.',

  registrationDecided: (type: string, name: string, status: string) => `Your ${type} registration '${name}' was ${status}.`,
  registrationNotes: (notes: string) => `Notes from the administrator: ${notes}`,
  reviewOfYourOfficer: (reviewer: string, officer: string) => `${reviewer} reviewed your officer profile ${officer}.`,
  reviewRemoved: (officer: string) => `Your review of ${officer} was removed by a moderator.`,
  reviewRemovedReason: (reason: string) => `Reason: ${reason}`,
  reviewReply: (officer: string) => `${officer} replied to your review.`,
  reviewWaveDecided: ({ officerName, outcome, audience, reviewCount, releasedCount, removedCount }: WaveDecidedData) =>
    audience === 'reviewer'
      ? outcome === 'released'
        ? `Your review of ${officerName}, held while unusual review activity was checked, was released: it now counts in the ratings.`
        : `Your review of ${officerName}, held while unusual review activity was checked, was removed by the moderators.`
      : outcome === 'released'
        ? `The ${reviewCount} reviews held on your profile ${officerName} were checked and released: they now count in your ratings.`
        : outcome === 'removed'
          ? `The ${reviewCount} reviews held on your profile ${officerName} were checked and removed: they are not counted.`
          : `The ${reviewCount} reviews held on your profile ${officerName} were checked one by one: ${releasedCount ?? 0} released, now counted in your ratings, and ${removedCount ?? 0} removed.`,
  reviewWaveCooldown: (date: string) => `You can review this officer again from ${date}.`,

  regimentWebhookDisabled: ({ regimentName, reason }: { regimentName: string; reason: 'gone' | 'failing' }) =>
    reason === 'gone'
      ? `The Discord webhook of ${regimentName} was turned off: Discord says it no longer exists. Set a new one with the Discord webhook button on the regiment's page.`
      : `The Discord webhook of ${regimentName} was turned off after repeated failed deliveries. Set it again with the Discord webhook button on the regiment's page.`,

  /** The settings screen's mail switches (issue 18, item 4). */
  mailHeading: 'Email notifications',
  mailHint: 'Every notification also appears under the bell. Choose which ones are mailed to you too.',
  mailKindRegistrationDecided: 'My registration was approved or rejected',
  mailKindReviewReply: 'An officer replied to my review',
  mailKindReviewOfYourOfficer: 'Someone reviewed my officer profile',
  mailKindReviewRemoved: 'A moderator removed my review',
  mailKindReviewWaveDecided: 'A held wave of reviews (on my profile, or with my review in it) was decided',
  mailKindRegimentWebhookDisabled: "My regiment's Discord webhook was turned off",
  mailSubjectModerationAction: 'A moderator acted on your account: the statement of reasons',
  mailSubjectAppealDecided: 'Your appeal has been decided',
  mailFooterRequired: 'This message is about your account, and is sent whatever your mail settings say.',
  mailKindModerationAction: 'A moderator acted on my account or my content (always mailed)',
  mailKindAppealDecided: 'My appeal was decided (always mailed)',
  mailKindAccountSecurity: 'Sign-in security: second factors, recovery codes, new browsers (always mailed)',
  mailSubjectAccountSecurity: 'Security notice for your War of Rights Officer Ratings account',
  accountSecurity: (data: { event: string; method?: string; name?: string; browser?: string; address?: string }) => {
    const factor = data.method === 'passkey' ? `The passkey${data.name ? ` "${data.name}"` : ''}` : 'An authenticator app';
    switch (data.event) {
      case 'factor_added':
        return `${factor} was added to your account as a second factor.`;
      case 'factor_removed':
        return `${factor} was removed from your account.`;
      case 'factors_reset':
        return 'An administrator removed every second factor of your account, as you asked. Set one up again.';
      case 'recovery_code_used':
        return 'A recovery code was used to sign in to your account. It cannot be used again.';
      case 'recovery_codes_renewed':
        return 'A new set of recovery codes was made for your account; the old ones no longer work.';
      default:
        return `Your staff account signed in from a browser it had not used before${data.browser ? `: ${data.browser}` : ''}${data.address ? `, from ${data.address}` : ''}.`;
    }
  },
  accountDeletionRequested: (date: string) =>
    `Your account is scheduled for deletion on ${date}. If you did not ask for it, or changed your mind, sign in and cancel it on your settings before then.`,
  accountSecurityDetail: 'If this was not you, change your password at once and check your security settings.',
  moderationAction: (action: string, subject: string, until: string | null) =>
    `${action}: ${subject}${until ? ` (until ${until})` : ''}. Read the statement of reasons, and appeal if you disagree.`,
  moderationGround: (ground: string, facts: string | null) => `Ground: ${ground}.${facts ? ` ${facts}` : ''}`,
  appealDecided: (subject: string, outcome: 'upheld' | 'reversed') =>
    outcome === 'reversed'
      ? `Your appeal was granted: ${subject} has been put right.`
      : `Your appeal about ${subject} was decided: the action stands.`,
  appealDecisionReason: (reason: string) => `The decision, in the words of the staff member who took it: ${reason}`,

  /** Mail and the one-click unsubscribe (RFC 8058). */
  mailFooter: 'You get this mail because of your notification settings. Stop these mails:',
  mailSubjectRegistration: (type: string, status: string) => `Your ${type} registration was ${status}`,
  mailSubjectOther: 'A new notification from War of Rights Officer Ratings',
  /** Issue 36, item 6: a mail about a review names the officer with his rank, and quotes a reply. */
  mailSubjectReviewReply: (officer: string) => `Reply from ${officer} to your review`,
  mailSubjectReviewOfYourOfficer: (officer: string) => `A new review of ${officer}`,
  mailReplyText: (text: string) => `Their reply: ${text}`,
  mailSettingsLink: 'Open your mail settings',
  mailOpen: 'Open',
  unsubscribe: 'Unsubscribe',
  unsubscribeConfirm: (kind: string) => `Stop the mails about: ${kind}?`,
  unsubscribed: (kind: string) => `Done. You will no longer receive mails about: ${kind}. You can turn them on again in your settings.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change your mail settings on the Settings screen instead.',

  /** My Registrations (issue 18, item 3). */
  myRegistrations: 'My Registrations',
  myRegistrationsEmpty: 'You have not submitted any registration yet.',
  myRegistrationsLoadFailed: 'Your registrations could not be loaded.',
  loginToSeeRegistrations: 'You must be logged in to see your registrations.',
  statusPending: 'Pending',
  regimentRegistration: 'Regiment registration',
  officerRegistration: 'Officer registration',
  submittedOn: (date: string) => `Submitted ${date}`,
  decidedOn: (date: string) => `Decided ${date}`,
  adminNotes: "Administrator's notes",
  viewRegiment: 'View regiment',
  viewOfficer: 'View officer profile',
  applyAgain: 'Apply again',
} as const;
