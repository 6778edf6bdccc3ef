/**
 * The link-preview cards as SVG documents, 1200x630 (the size Discord, Slack and Twitter/X show
 * large): the side's colours, the name, rank and regiment, the stars and overall figure, and for an
 * officer the four categories (issue 19, item 1). draw-card.ts turns them into PNG.
 *
 * Every text typed by a user goes through escapeXml, and is cut to what fits before that (cutting
 * after escaping could split an entity). Widths are estimated from the font's average advance, not
 * measured: a name of wide letters may reach a little further, and the card's edge clips it.
 */
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS, RATING_MAX, type SideCode } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { displayRating, type RatingBand } from '#core/rating.js';
import { escapeXml } from '#server/platform/http/escape-html.js';
import type { OfficerCardData, RegimentCardData } from '#server/domain/card-data.js';
import { CARD_HEIGHT, CARD_WIDTH } from '#server/domain/card-data.js';

/**
 * Liberation Sans (metric-compatible with Arial, SIL Open Font License) is installed with
 * fonts-liberation; fontconfig falls back to DejaVu Sans or any sans-serif elsewhere.
 */
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";
const SERIF = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";

/**
 * The web app's colours (src/web/styles.css): each side's dark shade, the parchment, the brass, the
 * bands. Flat fills, no gradient: a gradient made the PNG half as large again and slower to encode.
 */
const SIDE_COLOURS: Record<SideCode, string> = { USA: '#1e3a8a', CSA: '#374151' };
const INK = '#1f2330';
const PARCHMENT = '#f7f3ea';
const NAVY = '#1c2a44';
const BRASS = '#d4a93c';
const MUTED = '#4b5563';
const BAND_COLOURS: Record<RatingBand, string> = { none: '#6b7280', high: '#15803d', mid: '#a16207', low: '#b91c1c' };

/** Average advance of a character of Liberation Sans Bold, in ems (measured over mixed-case names). */
const BOLD_EM_PER_CHAR = 0.6;
const REGULAR_EM_PER_CHAR = 0.52;

const MARGIN = 64;
const HEADER_HEIGHT = 280;

/**
 * The text cut to at most `maxChars` characters (code points, so an emoji is never split), with an
 * ellipsis when cut.
 */
function cut(text: string, maxChars: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= maxChars ? chars.join('') : `${chars.slice(0, Math.max(1, maxChars - 1)).join('')}…`;
}

/** The largest font size from `max` down to `min` at which the text fits the width, and the text cut to fit at `min`. */
function fit(text: string, width: number, { max, min, emPerChar }: { max: number; min: number; emPerChar: number }) {
  const length = Math.max(1, Array.from(text.trim()).length);
  const size = Math.max(min, Math.min(max, Math.floor(width / (length * emPerChar))));
  return { size, text: cut(text, Math.floor(width / (size * emPerChar))) };
}

/** Words into at most `maxLines` lines of `maxChars`, the last one cut with an ellipsis when there is more. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${word}`).length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = lines.slice(maxLines - 1).join(' ');
  return kept.map((line) => cut(line, maxChars));
}

/** A five-pointed star's outline, centred on (cx, cy). */
function starPath(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.5;
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join('L')}Z`;
}

/** The star row of a displayed rating: whole stars, a half star, empty stars (core/rating.ts). */
function stars(rating: ReturnType<typeof displayRating>, x: number, y: number, size: number): string {
  const gap = size * 0.25;
  const parts: string[] = [];
  for (let i = 0; i < RATING_MAX; i++) {
    const cx = x + size / 2 + i * (size + gap);
    const path = starPath(cx, y, size / 2);
    const isFull = i < rating.stars.full;
    const isHalf = !isFull && i === rating.stars.full && rating.stars.half;
    parts.push(`<path d="${path}" fill="${isFull ? BRASS : '#e5dcc5'}" stroke="${BRASS}" stroke-width="2"/>`);
    if (isHalf) {
      parts.push(
        `<clipPath id="half"><rect x="${(cx - size / 2).toFixed(1)}" y="${y - size / 2}" width="${size / 2}" height="${size}"/></clipPath>`,
        `<path d="${path}" fill="${BRASS}" clip-path="url(#half)"/>`,
      );
    }
  }
  return parts.join('');
}

/** The header in the side's colours, with a kicker line (rank, or the word for a regiment), the name and a line under it. */
function header(side: SideCode, sideName: string, kicker: string, name: string, subline: string): string {
  const badge = escapeXml(sideName.toUpperCase());
  const badgeWidth = Math.round(sideName.length * 18 * 0.68 + 48);
  const title = fit(name, CARD_WIDTH - 2 * MARGIN, { max: 76, min: 44, emPerChar: BOLD_EM_PER_CHAR });
  const kickerText = cut(kicker, 40);
  const sub = cut(subline, Math.floor((CARD_WIDTH - 2 * MARGIN) / (30 * REGULAR_EM_PER_CHAR)));
  return [
    `<rect width="${CARD_WIDTH}" height="${HEADER_HEIGHT}" fill="${SIDE_COLOURS[side]}"/>`,
    `<rect y="${HEADER_HEIGHT}" width="${CARD_WIDTH}" height="6" fill="${BRASS}"/>`,
    `<rect x="${CARD_WIDTH - MARGIN - badgeWidth}" y="44" width="${badgeWidth}" height="40" rx="20" fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.5"/>`,
    `<text x="${CARD_WIDTH - MARGIN - badgeWidth / 2}" y="71" font-family="${FONT}" font-size="18" font-weight="bold" letter-spacing="2" fill="#ffffff" text-anchor="middle">${badge}</text>`,
    `<text x="${MARGIN}" y="76" font-family="${FONT}" font-size="30" font-weight="bold" letter-spacing="1" fill="${BRASS}">${escapeXml(kickerText)}</text>`,
    `<text x="${MARGIN}" y="${88 + title.size}" font-family="${FONT}" font-size="${title.size}" font-weight="bold" fill="#ffffff">${escapeXml(title.text)}</text>`,
    `<text x="${MARGIN}" y="238" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.88">${escapeXml(sub)}</text>`,
  ].join('');
}

/** The overall figure in its colour band, its stars, and what it rests on. */
function overall(averageRating: number, reviewCount: number, x: number): string {
  const rating = displayRating(reviewCount > 0 ? averageRating : null);
  const basis = reviewCount > 0 ? MSG.reviewerSignals.reviews(reviewCount) : MSG.rating.notYetRated;
  return [
    `<text x="${x}" y="420" font-family="${SERIF}" font-size="128" font-weight="bold" fill="${BAND_COLOURS[rating.band]}">${rating.text}</text>`,
    `<text x="${x + 196}" y="420" font-family="${FONT}" font-size="40" fill="${MUTED}">/ ${RATING_MAX}</text>`,
    stars(rating, x, 470, 44),
    `<text x="${x}" y="548" font-family="${FONT}" font-size="30" fill="${INK}">${escapeXml(basis)}</text>`,
  ].join('');
}

/** The footer strip with the site's name. */
function footer(): string {
  return [
    `<rect y="${CARD_HEIGHT - 40}" width="${CARD_WIDTH}" height="40" fill="${NAVY}"/>`,
    `<text x="${MARGIN}" y="${CARD_HEIGHT - 13}" font-family="${FONT}" font-size="20" font-weight="bold" letter-spacing="1" fill="${BRASS}">${escapeXml(MSG.linkPreview.siteName.toUpperCase())}</text>`,
  ].join('');
}

function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${PARCHMENT}"/>${body}</svg>`;
}

export function officerCardSvg(officer: OfficerCardData): string {
  const left = 560;
  const barWidth = CARD_WIDTH - MARGIN - left - 250;
  const categories = RATING_CATEGORIES.map((category, index) => {
    const value = displayRating(officer.reviewCount > 0 ? officer[category] : null);
    const y = 350 + index * 62;
    return [
      `<text x="${left}" y="${y + 24}" font-family="${FONT}" font-size="26" fill="${INK}">${escapeXml(RATING_CATEGORY_LABELS[category])}</text>`,
      `<rect x="${left + 200}" y="${y + 4}" width="${barWidth}" height="24" rx="12" fill="#e5dcc5"/>`,
      value.value > 0
        ? `<rect x="${left + 200}" y="${y + 4}" width="${Math.max(24, Math.round((barWidth * value.value) / RATING_MAX))}" height="24" rx="12" fill="${BAND_COLOURS[value.band]}"/>`
        : '',
      `<text x="${CARD_WIDTH - MARGIN}" y="${y + 25}" font-family="${FONT}" font-size="26" font-weight="bold" fill="${INK}" text-anchor="end">${value.text}</text>`,
    ].join('');
  });
  return svgDocument(
    header(officer.side.code, officer.side.name, officer.rank, officer.name, MSG.linkPreview.servesIn(officer.regimentName, officer.side.name)) +
      overall(officer.averageRating, officer.reviewCount, MARGIN) +
      categories.join('') +
      footer(),
  );
}

export function regimentCardSvg(regiment: RegimentCardData): string {
  const left = 560;
  const description = wrap(regiment.description?.trim() || MSG.officer.noDescription, 38, 4);
  const lines = description.map(
    (line, index) => `<text x="${left}" y="${452 + index * 38}" font-family="${FONT}" font-size="26" fill="${MUTED}">${escapeXml(line)}</text>`,
  );
  return svgDocument(
    header(
      regiment.side.code,
      regiment.side.name,
      MSG.linkPreview.regimentKicker,
      regiment.name,
      `${MSG.linkPreview.officerCount(regiment.officerCount)} · ${regiment.side.name}`,
    ) +
      overall(regiment.averageRating, regiment.reviewCount, MARGIN) +
      `<text x="${left}" y="392" font-family="${SERIF}" font-size="32" font-weight="bold" fill="${INK}">${escapeXml(MSG.regiment.about)}</text>` +
      lines.join('') +
      footer(),
  );
}

/** The site's own card, for the pages that show no one officer or regiment (home, search). */
export function siteCardSvg(): string {
  const lines = wrap(MSG.linkPreview.homeDescription, 52, 4);
  return svgDocument(
    `<rect width="${CARD_WIDTH}" height="${HEADER_HEIGHT}" fill="${NAVY}"/>` +
      `<rect y="${HEADER_HEIGHT}" width="${CARD_WIDTH}" height="6" fill="${BRASS}"/>` +
      `<text x="${MARGIN}" y="120" font-family="${FONT}" font-size="30" font-weight="bold" letter-spacing="1" fill="${BRASS}">${escapeXml(MSG.linkPreview.siteKicker)}</text>` +
      `<text x="${MARGIN}" y="200" font-family="${FONT}" font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(MSG.linkPreview.siteName)}</text>` +
      lines
        .map(
          (line, index) => `<text x="${MARGIN}" y="${370 + index * 46}" font-family="${FONT}" font-size="34" fill="${INK}">${escapeXml(line)}</text>`,
        )
        .join('') +
      footer(),
  );
}
