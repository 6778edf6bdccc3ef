/** The account mails: plain text and HTML, the site's name, and the link. */
import type { MailMessage } from '#server/adapters/mail/mailer.js';
import { escapeHtml } from '#server/platform/http/escape-html.js';

export const SITE_NAME = 'War of Rights Officer Ratings';

/** The site's mail: a title, paragraphs, one button; `footer` is a last small line (the notification mails' unsubscribe link). */
export function mailLayout(title: string, paragraphs: string[], link: string, button: string, footer?: { text: string; link: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f7f3ea;font-family:Arial,sans-serif;color:#1f2330">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:22px;color:#1c2a44">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1c2a44;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:12px;color:#6b7280">${SITE_NAME}</p>${
    footer
      ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}">${escapeHtml(footer.link)}</a></p>`
      : ''
  }</div></body></html>`;
}

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
