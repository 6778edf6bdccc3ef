/**
 * The contract of a regiment's Discord webhook (issue 19, item 3; docs/decisions/0039): the body of
 * PUT /api/regiments/{id}/webhook and the answer of its three calls, shared by the server and the
 * edit dialog (decision 0023). The answer never carries the URL: it is a secret once saved.
 */
import { z } from 'zod';
import { webhookMessages } from '#core/messages/webhooks.js';

/**
 * Discord's webhook URL: {base}/api/webhooks/{snowflake id}/{token}. The shape only; which hosts
 * are accepted is the server's configuration (DISCORD_WEBHOOK_BASE), checked there.
 */
export const DISCORD_WEBHOOK_URL_PATTERN = /^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?\/api\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})$/;

/**
 * What is wrong with the shape of a webhook URL, or null (issue 36, item 6: a refusal says what).
 * Which hosts are posted to, and so whether http is refused, is the server's check (allowedWebhookUrl).
 */
export function webhookUrlShapeProblem(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return webhookMessages.urlMalformed;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return webhookMessages.urlNotHttps;
  if (url.username || url.password || url.search || url.hash) return webhookMessages.urlExtra;
  return DISCORD_WEBHOOK_URL_PATTERN.test(`${url.origin}${url.pathname}`) ? null : webhookMessages.urlPath;
}

export const regimentWebhookBodySchema = z.strictObject({
  url: z
    .string({ error: webhookMessages.urlRequired })
    .trim()
    .min(1, webhookMessages.urlRequired)
    .max(300, webhookMessages.invalidUrl)
    .superRefine((url, ctx) => {
      const problem = webhookUrlShapeProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type RegimentWebhookBody = z.infer<typeof regimentWebhookBodySchema>;

export const regimentWebhookStatusSchema = z.object({
  isSet: z.boolean(),
  /** Why posting stopped, while it is off: Discord said the webhook is gone, or deliveries kept failing. */
  disabledReason: z.enum(['gone', 'failing']).nullable(),
});
export type RegimentWebhookStatus = z.infer<typeof regimentWebhookStatusSchema>;
