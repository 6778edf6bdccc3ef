/**
 * The signed-in user's own settings: hiding their level beside their reviews (issue 16, item 5) and
 * mail on or off per notification kind (issue 18, item 4).
 */
import { eq, sql } from 'drizzle-orm';
import type { UserSettings } from '#core/api.js';
import { effectiveMailPreferences } from '#core/notifications.js';
import type { UserSettingsBody } from '#core/schemas/settings.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';

export async function getUserSettings(db: Executor, userId: number): Promise<UserSettings> {
  const [row] = await db
    .select({ hideLevel: users.hideLevel, mailPreferences: users.mailPreferences, digest: users.followDigest })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return { hideLevel: row.hideLevel, mail: effectiveMailPreferences(row.mailPreferences), digest: row.digest };
}

/**
 * Saves the settings; says whether anything the public sees changed (so the caller forgets just
 * that). The mail switches sent are merged into the stored ones by one jsonb update, so an
 * unsubscribe link followed at the same moment keeps its change.
 */
export async function updateUserSettings(db: Database, userId: number, settings: UserSettingsBody): Promise<{ hasChanged: boolean }> {
  return db.transaction(async (tx) => {
    const before = await getUserSettings(tx, userId);
    const mail = settings.mail ?? {};
    if (Object.keys(mail).length > 0) {
      await tx
        .update(users)
        .set({ mailPreferences: sql`${users.mailPreferences} || ${JSON.stringify(mail)}::jsonb` })
        .where(eq(users.id, userId));
    }
    if (settings.digest) await tx.update(users).set({ followDigest: settings.digest }).where(eq(users.id, userId));
    if (before.hideLevel === settings.hideLevel) return { hasChanged: false };
    await tx.update(users).set({ hideLevel: settings.hideLevel }).where(eq(users.id, userId));
    return { hasChanged: true };
  });
}
