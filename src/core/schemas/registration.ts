/**
 * Regiment and officer registration requests (spec section 5), shared by the /register-regiment and
 * /register-officer forms and the POST /api/regiments/register and /api/officers/register bodies.
 */
import { GROUND_CODES, MODERATION_LIMITS } from '../moderation.js';
import { moderationMessages } from '../messages/moderation.js';
import { z } from 'zod';
import { LIMITS, MAX_INT4 } from '#core/constants.js';
import { registrationFormMessages } from '#core/messages/registration-form.js';

const M = registrationFormMessages;

export const RANK_MAX = 50;
export const URL_MAX = 2048;
export const ADMIN_NOTES_MAX = 1000;

/** Images the site stores itself are addressed by id (see the images table); nothing else is local. */
const OWN_IMAGE_PATH = /^\/api\/images\/[A-Za-z0-9_-]{1,32}\.webp$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An id picked from a select: the forms hold it as text, other callers send a number. Absent or
 * blank means nothing was picked; anything but a whole number in int4 range is not a valid choice.
 */
function selectedIdSchema(requiredMessage: string, invalidMessage: string) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : invalidMessage),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_INT4) {
        ctx.addIssue({ code: 'custom', message: invalidMessage });
        return z.NEVER;
      }
      return id;
    });
}

/**
 * An optional text that must pass `isAccepted`: absent, null or blank all mean "none" (stored as null).
 */
function optionalLinkSchema(message: string, isAccepted: (value: string) => boolean) {
  return z
    .string({ error: message })
    .trim()
    .max(URL_MAX, message)
    .refine((value) => value === '' || isAccepted(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);
}

/**
 * Every image URL the API accepts (registrations and edits of regiments and officers). Only images
 * uploaded here: an image elsewhere would make every visitor's browser fetch from a third party
 * (issue 12), and could change or vanish after an admin approved it.
 */
export const imageUrlSchema = optionalLinkSchema(M.imageUrlInvalid, (value) => OWN_IMAGE_PATH.test(value));

/** A proof is a link an admin follows, not an image the site shows: any absolute http(s) URL. */
const proofUrlSchema = optionalLinkSchema(M.proofUrlInvalid, isHttpUrl);

/** Clients may echo the signed-in user's id (spec section 7); the server trusts only the session. */
const userIdSchema = z
  .union(
    [
      z.number().int().positive().max(MAX_INT4),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ],
    { error: M.userIdInvalid },
  )
  .nullish()
  .transform((value) => value ?? undefined);

const descriptionSchema = z
  .string()
  .trim()
  .max(LIMITS.regimentDescriptionMax, M.descriptionMax)
  .nullish()
  .transform((value) => (value ? value : null));

/** The /register-regiment form (its values as the form holds them: side id as text). */
export const regimentRegistrationFormSchema = z.object({
  name: z.string({ error: M.regimentNameEmpty }).trim().min(1, M.regimentNameEmpty).max(LIMITS.regimentNameMax, M.regimentNameMax),
  description: descriptionSchema,
  sideId: selectedIdSchema(M.sideRequired, M.sideInvalid),
  bannerImageUrl: imageUrlSchema,
  iconImageUrl: imageUrlSchema,
});
export type RegimentRegistrationFormInput = z.input<typeof regimentRegistrationFormSchema>;
export type RegimentRegistrationForm = z.output<typeof regimentRegistrationFormSchema>;

/** POST /api/regiments/register */
export const regimentRegistrationBodySchema = regimentRegistrationFormSchema.extend({ userId: userIdSchema });
export type RegimentRegistrationBody = z.output<typeof regimentRegistrationBodySchema>;

/** The /register-officer form. */
export const officerRegistrationFormSchema = z.object({
  name: z.string({ error: M.officerNameEmpty }).trim().min(1, M.officerNameEmpty).max(LIMITS.officerNameMax, M.officerNameMax),
  rank: z.string({ error: M.rankMin }).trim().min(LIMITS.rankMin, M.rankMin).max(RANK_MAX, M.rankMax),
  regimentId: selectedIdSchema(M.regimentRequired, M.regimentInvalid),
  profileImageUrl: imageUrlSchema,
});
export type OfficerRegistrationFormInput = z.input<typeof officerRegistrationFormSchema>;
export type OfficerRegistrationForm = z.output<typeof officerRegistrationFormSchema>;

/** POST /api/officers/register: the form plus the optional proof link the server also accepts. */
export const officerRegistrationBodySchema = officerRegistrationFormSchema.extend({
  proofUrl: proofUrlSchema,
  userId: userIdSchema,
});
export type OfficerRegistrationBody = z.output<typeof officerRegistrationBodySchema>;

/**
 * POST /api/admin/registrations/{kind}/{id}/{action}: optional administrator notes; the body itself
 * is optional. A rejection may name its ground and facts (issue 33): the requester's statement.
 */
export const registrationDecisionBodySchema = z
  .object({
    notes: z
      .string()
      .trim()
      .max(ADMIN_NOTES_MAX, M.notesMax)
      .nullish()
      .transform((value) => (value ? value : null)),
    ground: z.enum(GROUND_CODES, { error: moderationMessages.unknownGround }).optional(),
    facts: z.string().trim().max(MODERATION_LIMITS.factsMax).optional(),
  })
  .nullish();
export type RegistrationDecisionBody = z.output<typeof registrationDecisionBodySchema>;

export const REGISTRATION_ACTIONS = ['approve', 'reject'] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
