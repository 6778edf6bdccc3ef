import { z } from 'zod';
import { settingsMessages } from '#core/messages/settings.js';
import { digestFrequencySchema } from '../follows.js';
import { mailPreferencesUpdateSchema } from './notifications.js';

/** PUT /api/users/me/settings: the level choice, and any of the mail switches. */
export const userSettingsBodySchema = z.strictObject({
  hideLevel: z.boolean({ error: settingsMessages.hideLevelRequired }),
  /** Mail on or off per notification kind (issue 18): only the kinds sent change. */
  mail: mailPreferencesUpdateSchema.optional(),
  /** The digest of followed news (issue 36, item 1): unchanged when not sent. */
  digest: digestFrequencySchema.optional(),
});
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;
