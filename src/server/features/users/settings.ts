/** The signed-in user's own settings (issue 16, item 5: hiding their level beside their reviews). */
import { eq } from 'drizzle-orm';
import type { UserSettings } from '#core/api.js';
import type { Database, Executor } from '#server/db/client.js';
import { users } from '#server/db/schema.js';
import { notFound } from '#server/errors.js';

export async function getUserSettings(db: Executor, userId: number): Promise<UserSettings> {
  const [row] = await db.select({ hideLevel: users.hideLevel }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return row;
}

/** Saves the settings; says whether anything the public sees changed (so the caller forgets just that). */
export async function updateUserSettings(db: Database, userId: number, settings: UserSettings): Promise<{ hasChanged: boolean }> {
  return db.transaction(async (tx) => {
    const before = await getUserSettings(tx, userId);
    if (before.hideLevel === settings.hideLevel) return { hasChanged: false };
    await tx.update(users).set({ hideLevel: settings.hideLevel }).where(eq(users.id, userId));
    return { hasChanged: true };
  });
}
