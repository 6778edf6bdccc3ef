/**
 * The unsubscribe link's pages, written by the server: the link must work from any mail client
 * without signing in and without the web app's code, and it is one sentence and one button.
 */
import { CLIENT_ROUTES } from '#core/client-routes.js';
import { notificationsMessages as M } from '#core/messages/notifications.js';
import { escapeHtml } from '#server/platform/http/escape-html.js';
import { SITE_NAME } from '#server/domain/notify/mail-layout.js';

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(M.unsubscribe)} - ${SITE_NAME}</title></head>
<body style="margin:0;background:#f7f3ea;font-family:Arial,sans-serif;color:#1f2330"><main style="max-width:520px;margin:0 auto;padding:32px 24px">
<h1 style="font-family:Georgia,serif;font-size:22px;color:#1c2a44">${escapeHtml(M.unsubscribe)}</h1>${body}
<p style="font-size:12px;color:#6b7280"><a href="/">${SITE_NAME}</a></p></main></body></html>`;
}

/** GET: asks first, so a link scanner that follows every link unsubscribes nobody (RFC 8058, section 1). */
export function unsubscribeConfirmPage(kindLabel: string, token: string): string {
  return page(`<p>${escapeHtml(M.unsubscribeConfirm(kindLabel))}</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#1c2a44;color:#fff;padding:12px 20px;border:0;border-radius:6px;font-size:16px;cursor:pointer">${escapeHtml(M.unsubscribe)}</button></form>`);
}

/** Both pages after the question name the settings (issue 36, item 6): a link takes the reader there. */
const settingsLink = `<p><a href="${CLIENT_ROUTES.settings}">${escapeHtml(M.mailSettingsLink)}</a></p>`;

export function unsubscribedPage(kindLabel: string): string {
  return page(`<p role="status">${escapeHtml(M.unsubscribed(kindLabel))}</p>${settingsLink}`);
}

export function unsubscribeInvalidPage(): string {
  return page(`<p role="alert">${escapeHtml(M.unsubscribeInvalid)}</p>${settingsLink}`);
}
