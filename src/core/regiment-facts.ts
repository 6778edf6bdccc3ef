/**
 * The regiment finder (issue 36, item 5): the facts a recruit looks for before joining (region, time
 * zone, languages, weekly schedule, minimum age, recruiting, Discord), what each may hold, and how
 * the list filters on them. Pure: the server's GET /api/regiments filter and the /search Regiments
 * tab's filter are this one function. Kept small, for the /search URL state is read on the first
 * screen: the names shown for the codes are in regiment-facts-display.ts.
 */

export const REGIONS = ['NA', 'EU', 'SA', 'OCE', 'Asia'] as const;
export type Region = (typeof REGIONS)[number];

/**
 * Languages as ISO 639-1 codes, from a fixed list: one spelling per language, so a filter on 'de'
 * finds every German-speaking regiment (free text would hold 'German', 'Deutsch' and 'ger').
 */
export const LANGUAGE_CODES = [
  'en',
  'de',
  'fr',
  'es',
  'pt',
  'it',
  'nl',
  'pl',
  'cs',
  'sk',
  'hu',
  'ro',
  'sv',
  'no',
  'da',
  'fi',
  'ru',
  'uk',
  'tr',
  'el',
  'ja',
  'ko',
  'zh',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const REGIMENT_FACT_LIMITS = {
  languagesMax: 5,
  scheduleMax: 14,
  eventWhatMax: 60,
  minimumAgeMin: 10,
  minimumAgeMax: 99,
  /** Longer than any invite link Discord gives out; the pattern decides the rest. */
  discordInviteMax: 100,
  /** The longest IANA name is about 30 characters. */
  timeZoneMax: 64,
} as const;

export interface ScheduleEvent {
  day: Weekday;
  /** HH:MM, 24-hour clock, in the regiment's time zone. */
  time: string;
  what: string;
}

/** The facts every regiment answer carries; null (or empty) when the owner has not said. */
export interface RegimentFacts {
  region: Region | null;
  timeZone: string | null;
  languages: LanguageCode[];
  schedule: ScheduleEvent[];
  minimumAge: number | null;
  recruiting: boolean | null;
  discordInvite: string | null;
}

/** What GET /api/regiments and the /search Regiments tab filter on; an absent field does not filter. */
export interface RegimentFactsFilter {
  region?: Region | undefined;
  language?: LanguageCode | undefined;
  recruiting?: boolean | undefined;
  sideId?: number | undefined;
}

/**
 * Whether a regiment passes the filter. A regiment that has not said whether it recruits passes
 * neither recruiting=true nor recruiting=false: the filter answers what the owner said.
 */
export function matchesRegimentFacts(regiment: RegimentFacts & { sideId: number }, filter: RegimentFactsFilter): boolean {
  if (filter.sideId !== undefined && regiment.sideId !== filter.sideId) return false;
  if (filter.region !== undefined && regiment.region !== filter.region) return false;
  if (filter.language !== undefined && !regiment.languages.includes(filter.language)) return false;
  if (filter.recruiting !== undefined && regiment.recruiting !== filter.recruiting) return false;
  return true;
}
