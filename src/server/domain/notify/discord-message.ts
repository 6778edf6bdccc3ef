/**
 * The message a regiment's Discord webhook receives (issue 19, item 3): one embed, within Discord's
 * documented limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits),
 * with user text escaped and cut on a character boundary, and no mention that could ping anyone.
 */
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants.js';
import { officerMessages } from '#core/messages/officer.js';
import { webhookMessages as M } from '#core/messages/webhooks.js';

/**
 * Discord's documented embed limits (characters) that the text cut to fit here could reach; the
 * others (25 fields, 1024 per field value, 6000 in all) are far beyond this fixed shape.
 */
const EMBED_LIMITS = { title: 256, footerText: 2048 } as const;

export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title: string;
  description?: string;
  url: string;
  /** An integer (0xRRGGBB), not a CSS string. */
  color: number;
  /** ISO 8601. */
  timestamp: string;
  fields: DiscordEmbedField[];
  footer: { text: string };
}

/** The body of Execute Webhook (POST {webhook url}, JSON). */
export interface DiscordWebhookMessage {
  username: string;
  embeds: DiscordEmbed[];
  /** Empty: nothing in the text (an @everyone in a review) may ping anyone. */
  allowed_mentions: { parse: [] };
}

/** The site's brass, as an embed colour. */
const EMBED_COLOR = 0xb08d57;
const WEBHOOK_USERNAME = 'War of Rights Officer Ratings';

/** Discord markdown would let a review render masked links, headings or spoilers: shown as typed instead. */
const MARKDOWN = /[\\*_~`|>[\]()#<]/u;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` escaped for Discord markdown and cut to at most `max` characters (code points), with an
 * ellipsis when cut. Cut between graphemes, so an emoji, a flag or an escape is never split.
 */
export function discordText(text: string, max: number): string {
  return cutText(text, max, true);
}

/** `text` on one line, cut to at most `max` code points between graphemes; with `escape`, markdown escaped. */
function cutText(text: string, max: number, escape = false): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  const pieces = Array.from(graphemes.segment(clean), ({ segment }) => (escape && MARKDOWN.test(segment) ? `\\${segment}` : segment));
  let length = 0;
  let out = '';
  for (const [index, piece] of pieces.entries()) {
    const pieceLength = Array.from(piece).length;
    // Room for the ellipsis unless this is the last piece.
    const room = index === pieces.length - 1 ? max : max - 1;
    if (length + pieceLength > room) return `${out}…`;
    out += piece;
    length += pieceLength;
  }
  return out;
}

function stars(value: number): string {
  const full = Math.floor(value);
  return `${'★'.repeat(full)}${'☆'.repeat(5 - full)} ${value.toFixed(1)}`;
}

export interface ReviewForEmbed {
  officer: { id: number; name: string; rank: string | null; averageRating: number; reviewCount: number };
  regimentName: string;
  review: { text: string; leadership: number; tactics: number; communication: number; fairness: number; overallRating: number; createdAt: Date };
}

/**
 * A new counted review of one of the regiment's officers: officer, stars, overall, and a link to the
 * officer (a site path here; the deliverer makes it absolute with PUBLIC_URL).
 */
export function reviewMessage({ officer, regimentName, review }: ReviewForEmbed): DiscordWebhookMessage {
  const embed: DiscordEmbed = {
    title: discordText(M.embedTitle(officerNameOf(officer)), EMBED_LIMITS.title),
    // A review holds at most 500 characters: far from the limits, cut anyway should that change.
    description: discordText(review.text, 1_000),
    url: `/officer/${officer.id}`,
    color: EMBED_COLOR,
    timestamp: review.createdAt.toISOString(),
    fields: [
      ...RATING_CATEGORIES.map((category) => ({ name: RATING_CATEGORY_LABELS[category], value: stars(review[category]), inline: true })),
      { name: officerMessages.overallLabel, value: stars(review.overallRating), inline: true },
      {
        name: M.embedOfficerRatingName,
        // One decimal, as the site shows every rating (spec: "display one decimal out of 5.0").
        value: M.embedOfficerRating(officer.averageRating.toFixed(1), officer.reviewCount),
        inline: true,
      },
    ],
    footer: footerOf(regimentName),
  };
  return messageOf(embed);
}

export interface ReplyForEmbed {
  officer: { id: number; name: string; rank: string | null };
  regimentName: string;
  review: { overallRating: number };
  reply: { text: string; createdAt: Date };
}

/**
 * The officer's reply to a review (issue 18, item 1): what they answered, how the review rated
 * them, and a link to the officer's page where both are read together.
 */
export function replyMessage({ officer, regimentName, review, reply }: ReplyForEmbed): DiscordWebhookMessage {
  return messageOf({
    title: discordText(M.embedReplyTitle(officerNameOf(officer)), EMBED_LIMITS.title),
    description: discordText(reply.text, 1_000),
    url: `/officer/${officer.id}`,
    color: EMBED_COLOR,
    timestamp: reply.createdAt.toISOString(),
    fields: [{ name: M.embedReviewRatedName, value: stars(review.overallRating), inline: true }],
    footer: footerOf(regimentName),
  });
}

/**
 * The owner's test (issue 36, item 6): what the channel will receive, in the same shape and
 * delivered by the same worker as a real post, so a test that arrives proves the real ones will.
 */
export function testMessage(regiment: { id: number; name: string }, at: Date): DiscordWebhookMessage {
  return messageOf({
    title: M.testTitle,
    description: discordText(M.testBody(regiment.name), 1_000),
    url: `/regiment/${regiment.id}`,
    color: EMBED_COLOR,
    timestamp: at.toISOString(),
    fields: [],
    footer: footerOf(regiment.name),
  });
}

const officerNameOf = (officer: { name: string; rank: string | null }) => (officer.rank ? `${officer.rank} ${officer.name}` : officer.name);
/** Discord renders no markdown in a footer: the name as written, only cut to fit (issue 32). */
const footerOf = (regimentName: string) => ({ text: cutText(M.embedFooter(regimentName), EMBED_LIMITS.footerText) });
const messageOf = (embed: DiscordEmbed): DiscordWebhookMessage => ({ username: WEBHOOK_USERNAME, embeds: [embed], allowed_mentions: { parse: [] } });
