/** A regiment's Discord webhook (issue 19, item 3): the edit dialog's section and the server's refusals. */
export const webhookMessages = {
  heading: 'Discord webhook',
  hint: "New reviews of this regiment's officers, and their replies to reviews, are posted to a channel of your Discord server. In Discord: Server Settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.",
  urlLabel: 'Webhook URL',
  isSet: 'A webhook is set. Its URL is kept secret: paste a new one to replace it.',
  notSet: 'No webhook is set.',
  disabledGone: 'This webhook was turned off: Discord says it no longer exists. Paste a new URL to turn posting on again.',
  disabledFailing: 'This webhook was turned off after repeated failed deliveries. Paste its URL again (or a new one) to turn posting on again.',
  save: 'Save webhook',
  replace: 'Replace webhook',
  saving: 'Saving…',
  remove: 'Remove webhook',
  removing: 'Removing…',
  saved: 'The Discord webhook is saved.',
  removed: 'The Discord webhook is removed.',
  saveFailed: 'The Discord webhook could not be saved',
  loadFailed: 'The webhook settings could not be loaded.',
  invalidUrl: 'Paste a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}.',
  urlRequired: 'Paste the webhook URL.',
  notAllowedHost: 'This server only posts to Discord webhooks (https://discord.com/api/webhooks/...).',

  /** What Discord shows: the embed of a new review. */
  embedTitle: (officer: string) => `New review of ${officer}`,
  embedOfficerRating: (average: string, count: number) => `${average} / 5 from ${count} review${count === 1 ? '' : 's'}`,
  embedOfficerRatingName: "Officer's rating",
  /** The embed of an officer's reply to a review (issue 18, item 1). */
  embedReplyTitle: (officer: string) => `${officer} replied to a review`,
  embedReviewRatedName: 'The review rated',
  embedFooter: (regiment: string) => `${regiment} · War of Rights Officer Ratings`,
} as const;
