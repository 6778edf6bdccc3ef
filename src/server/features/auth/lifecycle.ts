/**
 * The account lifecycle of the built-in provider: verification mail, email verification, password
 * reset. Answers to "send me a mail" requests never reveal whether an account exists.
 */
import { eq, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import type { Mailer } from '#server/adapters/mail/mailer.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { hashPassword } from './accounts.js';
import { passwordResetMail, verificationMail } from './mails.js';
import { destroyUserSessions } from '#server/domain/identity/sessions.js';
import { consumeToken, findToken, issueToken } from './tokens.js';

export interface LinkSettings {
  publicUrl: string;
}

/** Links use the spec's action path on our own origin (spec section 2, /__/auth/action). */
export function actionLink(publicUrl: string, mode: 'verifyEmail' | 'resetPassword', code: string): string {
  const url = new URL('/__/auth/action', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

interface MailTarget {
  id: number;
  email: string;
  username: string;
}

export async function sendVerificationEmail(db: Executor, mailer: Mailer, links: LinkSettings, user: MailTarget): Promise<void> {
  const code = await issueToken(db, user.id, 'verify_email');
  await mailer.send(verificationMail(user.email, user.username, actionLink(links.publicUrl, 'verifyEmail', code)));
}

async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, emailVerified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user ?? null;
}

/** Sends a new verification mail when the account exists and is unverified; silent otherwise. */
export async function requestVerificationEmail(db: Executor, mailer: Mailer, links: LinkSettings, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerified) await sendVerificationEmail(db, mailer, links, user);
}

export async function verifyEmail(db: Database, code: string): Promise<{ success: true; message: string }> {
  const found = await findToken(db, code, 'verify_email');
  // A link opened twice (or by a mail scanner first) still counts as verified (spec section 4).
  if (found.state === 'used') return { success: true, message: MSG.verifyEmail.alreadyVerified };
  if (found.state === 'invalid') throw new AppError('BAD_REQUEST', MSG.verifyEmail.failed, { success: false });
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, code, 'verify_email');
    if (userId !== null) await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  });
  return { success: true, message: MSG.verifyEmail.verified };
}

/** Sends a reset link when the account exists; silent otherwise. */
export async function requestPasswordReset(db: Executor, mailer: Mailer, links: LinkSettings, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const code = await issueToken(db, user.id, 'reset_password');
  await mailer.send(passwordResetMail(user.email, user.username, actionLink(links.publicUrl, 'resetPassword', code)));
}

/** The account a reset link belongs to, so the reset screen can show it. */
export async function getPasswordResetAccount(db: Executor, code: string): Promise<{ email: string }> {
  const found = await findToken(db, code, 'reset_password');
  if (found.state !== 'valid') throw new AppError('BAD_REQUEST', MSG.resetPassword.invalidLink);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, found.userId));
  if (!user) throw new AppError('BAD_REQUEST', MSG.resetPassword.invalidLink);
  return user;
}

/** Sets the new password, uses the link up, and ends every session of the account. */
export async function resetPassword(db: Database, code: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, code, 'reset_password');
    if (userId === null) throw new AppError('BAD_REQUEST', MSG.resetPassword.invalidLink);
    // Following the mailed link proves the address, so the account counts as verified too.
    await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, userId));
    await destroyUserSessions(tx, userId);
  });
}
