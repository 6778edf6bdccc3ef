/** The site's mail, as every mail it sends looks: the account mails and the notification mails. */
import { escapeHtml } from '#server/platform/http/escape-html.js';

export const SITE_NAME = 'War of Rights Officer Ratings';

/**
 * The site's mail: a title, paragraphs, one button; `footer` is a last small line (the notification
 * mails' unsubscribe link, or with `link` null a plain note).
 */
export function mailLayout(
  title: string,
  paragraphs: string[],
  link: string,
  button: string,
  footer?: { text: string; link: string | null },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f7f3ea;font-family:Arial,sans-serif;color:#1f2330">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:22px;color:#1c2a44">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1c2a44;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:12px;color:#6b7280">${SITE_NAME}</p>${
    footer
      ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(footer.text)}${footer.link ? ` <a href="${escapeHtml(footer.link)}">${escapeHtml(footer.link)}</a>` : ''}</p>`
      : ''
  }</div></body></html>`;
}
