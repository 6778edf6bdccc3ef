/** The account mails: plain text and HTML, the site's name, and the link. */
import type { MailMessage } from '#server/adapters/mail/mailer.js';
import { mailLayout, SITE_NAME } from '#server/domain/notify/mail-layout.js';

export function verificationMail(to: string, username: string, link: string): MailMessage {
  const lines = [`Hello ${username},`, `Please confirm your email address for ${SITE_NAME}. The link is valid for 24 hours.`];
  return {
    to,
    subject: `Verify your email for ${SITE_NAME}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not create an account, ignore this message.\n\n${SITE_NAME}`,
    html: mailLayout('Verify your email', [...lines, 'If you did not create an account, ignore this message.'], link, 'Verify email'),
    link,
  };
}

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  const lines = [`Hello ${username},`, `Someone asked to reset the password of your ${SITE_NAME} account. The link is valid for 1 hour.`];
  return {
    to,
    subject: `Reset your ${SITE_NAME} password`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n\n${SITE_NAME}`,
    html: mailLayout(
      'Reset your password',
      [...lines, 'If it was not you, ignore this message: your password stays as it is.'],
      link,
      'Choose a new password',
    ),
    link,
  };
}
