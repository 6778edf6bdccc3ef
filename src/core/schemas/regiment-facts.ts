/**
 * The regiment's facts in PATCH /api/regiments/{id}/edit (issue 36, item 5), shared by the edit form
 * and the server. Every fact is optional: absent leaves it as it is (clients that edit only the
 * name keep the facts), null or blank clears it. The form sends them all.
 */
import { z } from 'zod';
import { regimentFactsMessages as M } from '#core/messages/regiment-facts.js';
import { LANGUAGE_CODES, REGIMENT_FACT_LIMITS as L, REGIONS, WEEKDAYS, isLanguageCode } from '#core/regiment-facts.js';

/**
 * Only Discord's own invite links: the button sends visitors there, so a link elsewhere (a look-alike
 * domain, a shortener) could lead anywhere. The invite code is letters, digits and hyphens.
 */
const DISCORD_INVITE = /^https:\/\/(?:discord\.gg|discord\.com\/invite)\/[A-Za-z0-9-]{2,32}\/?$/;

/**
 * The canonical IANA name of a time zone ('america/new_york' gives 'America/New_York'), or null when
 * the runtime's time zone data does not know it. Intl is the judge, so the server accepts exactly
 * the zones a browser can show times in.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value === '' || value.length > L.timeZoneMax) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Blank text (an empty input or select) means "not said". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const regionSchema = z.enum(REGIONS, { error: M.regionInvalid });

const timeZoneSchema = z
  .string({ error: M.timeZoneInvalid })
  .trim()
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: M.timeZoneInvalid });
      return z.NEVER;
    }
    return zone;
  });

export const languageCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isLanguageCode, M.languagesInvalid(LANGUAGE_CODES.join(', ')));

const languagesSchema = z
  .array(languageCodeSchema, { error: M.languagesInvalid(LANGUAGE_CODES.join(', ')) })
  .max(L.languagesMax, M.languagesMax(L.languagesMax))
  // One mention each, in the order given.
  .transform((codes) => [...new Set(codes)]);

const scheduleEventSchema = z.object({
  day: z.enum(WEEKDAYS, { error: M.scheduleDayInvalid }),
  time: z.string({ error: M.scheduleTimeInvalid }).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, M.scheduleTimeInvalid),
  what: z
    .string({ error: M.scheduleWhatInvalid(L.eventWhatMax) })
    .trim()
    .min(1, M.scheduleWhatInvalid(L.eventWhatMax))
    .max(L.eventWhatMax, M.scheduleWhatInvalid(L.eventWhatMax)),
});

const scheduleSchema = z.array(scheduleEventSchema, { error: M.scheduleDayInvalid }).max(L.scheduleMax, M.scheduleMax(L.scheduleMax));

/** A number from a JSON body, or the text of a number input. */
const minimumAgeSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: M.minimumAgeInvalid(L.minimumAgeMin, L.minimumAgeMax) })
    .int(M.minimumAgeInvalid(L.minimumAgeMin, L.minimumAgeMax))
    .min(L.minimumAgeMin, M.minimumAgeInvalid(L.minimumAgeMin, L.minimumAgeMax))
    .max(L.minimumAgeMax, M.minimumAgeInvalid(L.minimumAgeMin, L.minimumAgeMax)),
);

const discordInviteSchema = z
  .string({ error: M.discordInviteInvalid })
  .trim()
  .max(L.discordInviteMax, M.discordInviteInvalid)
  .regex(DISCORD_INVITE, M.discordInviteInvalid);

/** A fact that may be left out (unchanged) or cleared with null or blank text. */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable()).optional();
}

export const regimentFactsBodySchema = z.object({
  region: clearable(regionSchema),
  timeZone: clearable(timeZoneSchema),
  // A list is cleared by an empty one; null is taken as that too.
  languages: languagesSchema.nullish().transform((value) => (value === null ? [] : value)),
  schedule: scheduleSchema.nullish().transform((value) => (value === null ? [] : value)),
  minimumAge: clearable(minimumAgeSchema),
  recruiting: z.boolean({ error: M.recruitingInvalid }).nullable().optional(),
  discordInvite: clearable(discordInviteSchema),
});
export type RegimentFactsBody = z.output<typeof regimentFactsBodySchema>;
