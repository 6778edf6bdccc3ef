/**
 * Editing officers and regiments after they exist (spec sections 5 and 7, Registrations and
 * editing). The edit forms hold the same fields as the registration forms and follow the same rules
 * (and messages), so they are derived from them rather than written twice.
 *
 * An edit replaces every field it names: the forms always send them all, and an absent, null or
 * blank image or description means "none".
 */
import type { z } from 'zod';
import { officerRegistrationFormSchema, regimentRegistrationFormSchema } from './registration.js';
import { regimentFactsBodySchema } from './regiment-facts.js';

/** PATCH /api/officers/{id}/edit (owner) and PATCH /api/admin/officers/{id} (admin). */
export const officerEditBodySchema = officerRegistrationFormSchema;
export type OfficerEditFormInput = z.input<typeof officerEditBodySchema>;
export type OfficerEditBody = z.output<typeof officerEditBodySchema>;

/**
 * PATCH /api/regiments/{id}/edit (owner or admin): the side of a regiment does not change. The
 * finder's facts (issue 36, item 5) are edited with the rest; absent ones stay as they are.
 */
export const regimentEditBodySchema = regimentRegistrationFormSchema.omit({ sideId: true }).extend(regimentFactsBodySchema.shape);
export type RegimentEditFormInput = z.input<typeof regimentEditBodySchema>;
export type RegimentEditBody = z.output<typeof regimentEditBodySchema>;
