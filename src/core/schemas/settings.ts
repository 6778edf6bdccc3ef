import { z } from 'zod';
import { settingsMessages } from '#core/messages/settings.js';

/** PUT /api/users/me/settings: the whole settings object (one choice today). */
export const userSettingsBodySchema = z.strictObject({ hideLevel: z.boolean({ error: settingsMessages.hideLevelRequired }) });
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;
