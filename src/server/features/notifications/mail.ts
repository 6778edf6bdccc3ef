/**
 * A notification's mail, made when the outbox delivers it (not when the write enqueued it): the
 * user's address and choice are read then, so a mail turned off or an account deleted in between
 * sends nothing. Every mail names its one-click unsubscribe link in the body and in the
 * List-Unsubscribe headers (RFC 2369, RFC 8058).
 */
import { eq } from 'drizzle-orm';
import { notificationsMessages as M } from '#core/messages/notifications.js';
import { describeNotification, effectiveMailPreferences, MAIL_REQUIRED, type NotificationEvent } from '#core/notifications.js';
import type { Mailer, MailMessage } from '#server/adapters/mail/mailer.js';
import type { Database } from '#server/platform/db/client.js';
import { notifications, officers, reviewReplies, reviews, users } from '#server/platform/db/schema.js';
import type { Deliverer } from '#server/platform/outbox/worker.js';
import { mailLayout, SITE_NAME } from '#server/domain/notify/mail-layout.js';
import { unsubscribeToken } from './unsubscribe.js';

export interface NotificationMailContext {
  publicUrl: string;
  secret: string;
}

/** The path of the unsubscribe endpoint: GET shows the confirmation page, POST unsubscribes (one click). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export function unsubscribeUrl(context: NotificationMailContext, userId: number, kind: NotificationEvent['kind']): string {
  return `${context.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(context.secret, userId, kind)}`;
}

/**
 * What a mail about a review says beyond the bell's line (issue 36, item 6): the officer's rank for
 * its subject, and the reply's text when the reply is the news. Read when the mail is sent, as the
 * address is: the reply as it stands then.
 */
export interface ReviewFacts {
  officerRank: string;
  replyText: string | null;
}

function subjectOf(event: NotificationEvent, facts: ReviewFacts | null): string {
  if (event.kind === 'registration_decided') return M.mailSubjectRegistration(event.data.registrationType, event.data.status);
  if (event.kind === 'moderation_action') return M.mailSubjectModerationAction;
  if (event.kind === 'appeal_decided') return M.mailSubjectAppealDecided;
  if (event.kind === 'account_security') return M.mailSubjectAccountSecurity;
  if (event.kind === 'review_reply' || event.kind === 'review_of_your_officer') {
    const officer = facts ? `${facts.officerRank} ${event.data.officerName}` : event.data.officerName;
    return event.kind === 'review_reply' ? M.mailSubjectReviewReply(officer) : M.mailSubjectReviewOfYourOfficer(officer);
  }
  return M.mailSubjectOther;
}

export function notificationMail(
  context: NotificationMailContext,
  recipient: { userId: number; email: string; username: string },
  event: NotificationEvent,
  notificationId: number,
  facts: ReviewFacts | null = null,
): MailMessage {
  const { message, detail, link } = describeNotification(event);
  const url = `${context.publicUrl}${link}`;
  const reply = event.kind === 'review_reply' && facts?.replyText ? [M.mailReplyText(facts.replyText)] : [];
  const lines = [`Hello ${recipient.username},`, message, ...(detail ? [detail] : []), ...reply];
  const subject = subjectOf(event, facts);
  // A statement of reasons or an appeal's outcome cannot be turned off (issue 33): no link offers to.
  if (MAIL_REQUIRED.has(event.kind)) {
    return {
      to: recipient.email,
      subject,
      text: `${lines.join('\n\n')}\n\n${url}\n\n${SITE_NAME}\n\n${M.mailFooterRequired}`,
      html: mailLayout(subject, lines, url, M.mailOpen, { text: M.mailFooterRequired, link: null }),
      link: url,
      messageId: `<notification-${notificationId}@${new URL(context.publicUrl).hostname}>`,
    };
  }
  const unsubscribe = unsubscribeUrl(context, recipient.userId, event.kind);
  return {
    to: recipient.email,
    subject,
    text: `${lines.join('\n\n')}\n\n${url}\n\n${SITE_NAME}\n\n${M.mailFooter} ${unsubscribe}`,
    html: mailLayout(subject, lines, url, M.mailOpen, { text: M.mailFooter, link: unsubscribe }),
    link: url,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<notification-${notificationId}@${new URL(context.publicUrl).hostname}>`,
  };
}

/** The officer's rank and the review's reply, for a mail about that review; null once the review is gone. */
async function readReviewFacts(db: Database, event: NotificationEvent): Promise<ReviewFacts | null> {
  if (event.kind !== 'review_reply' && event.kind !== 'review_of_your_officer') return null;
  const [facts] = await db
    .select({ officerRank: officers.rank, replyText: reviewReplies.text })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(eq(reviews.id, event.data.reviewId));
  return facts ?? null;
}

/** The outbox's deliverer of notification mails. */
export function notificationMailDeliverer(db: Database, mailer: Mailer, context: NotificationMailContext): Deliverer {
  return async (payload) => {
    const notificationId = Number(payload.notificationId);
    const [row] = await db
      .select({
        kind: notifications.kind,
        data: notifications.data,
        userId: users.id,
        email: users.email,
        username: users.username,
        mailPreferences: users.mailPreferences,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, notificationId));
    // Gone with its account, or the kind was turned off since: nothing to send.
    if (!row) return;
    const event = { kind: row.kind, data: row.data } as NotificationEvent;
    if (!effectiveMailPreferences(row.mailPreferences)[event.kind]) return;
    await mailer.send(notificationMail(context, row, event, notificationId, await readReviewFacts(db, event)));
  };
}
