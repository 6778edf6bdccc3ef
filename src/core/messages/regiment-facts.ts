/**
 * The regiment finder (issue 36, item 5): the refusals of a regiment's facts and of the list's
 * filters, and the page's labels. Each refusal says what is accepted, so a 400 can be acted on.
 */
export const regimentFactsMessages = {
  regionInvalid: 'Region must be one of NA, EU, SA, OCE or Asia.',
  timeZoneInvalid: 'Time zone must be an IANA time zone name such as America/New_York or Europe/Berlin.',
  languagesInvalid: (codes: string) => `Languages must be two-letter language codes from this list: ${codes}.`,
  languagesMax: (max: number) => `List at most ${max} languages.`,
  scheduleMax: (max: number) => `A schedule holds at most ${max} weekly events.`,
  scheduleDayInvalid: 'Each event needs a day of the week (mon, tue, wed, thu, fri, sat or sun).',
  scheduleTimeInvalid: 'Each event needs a time as HH:MM on the 24-hour clock, such as 20:00.',
  scheduleWhatInvalid: (max: number) => `Each event needs a name of 1 to ${max} characters, such as Linebattle.`,
  minimumAgeInvalid: (min: number, max: number) => `Minimum age must be a whole number from ${min} to ${max}.`,
  recruitingInvalid: 'Recruiting must be true or false.',
  discordInviteInvalid: 'The Discord invite must be a link such as https://discord.gg/abc123 or https://discord.com/invite/abc123.',
  /** GET /api/regiments?recruiting= */
  recruitingFilterInvalid: 'recruiting must be true or false.',
  /** GET /api/regiments?language= */
  languageFilterInvalid: (codes: string) => `language must be a two-letter language code from this list: ${codes}.`,
  /** GET /api/regiments?region= */
  regionFilterInvalid: 'region must be one of NA, EU, SA, OCE or Asia.',
  /** The regiment page's facts panel. */
  factsHeading: 'Joining',
  schedule: 'Weekly schedule',
  yourTime: (time: string) => `${time} your time`,
  recruiting: 'Recruiting',
  notRecruiting: 'Not recruiting',
  joinDiscord: 'Join the Discord',
  /** The /search Regiments tab's filter for recruiting regiments. */
  recruitingOnly: 'Recruiting only',
  allRegions: 'All Regions',
  allLanguages: 'All Languages',
} as const;
