/**
 * What each shared page says about itself in a link preview (issue 19, item 1): the title, a
 * description with the rating, the review count and the regiment, the page's own address and its
 * card. The page shell writes them into the HTML (read-cache/link-preview.ts, which escapes them).
 */
import { apiPaths } from '#core/api-paths.js';
import { MSG } from '#core/messages.js';
import { formatRating } from '#core/rating.js';
import type { LinkPreview } from './link-preview.js';
import type { OfficerCardData, RegimentCardData } from '#server/domain/card-data.js';
import { CARD_HEIGHT, CARD_WIDTH } from '#server/domain/card-data.js';

const M = MSG.linkPreview;

/** A description's parts, in order. */
const joined = (parts: ReadonlyArray<string | null | undefined>) => parts.filter(Boolean).join(' · ');

function ratingBasis(averageRating: number, reviewCount: number): string {
  return reviewCount > 0 ? M.ratedFrom(formatRating(averageRating), reviewCount) : MSG.rating.notYetRated;
}

function card(publicUrl: string, path: string, alt: string): LinkPreview['image'] {
  return { url: `${publicUrl}${path}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt };
}

export function officerLinkPreview(publicUrl: string, officer: OfficerCardData): LinkPreview {
  const title = M.officerTitle(officer.rank, officer.name);
  return {
    title,
    documentTitle: M.pageTitle(title, M.siteName),
    description: joined([ratingBasis(officer.averageRating, officer.reviewCount), M.servesIn(officer.regimentName, officer.side.name)]),
    url: `${publicUrl}/officer/${officer.id}`,
    image: card(publicUrl, apiPaths.officerCard(officer.id), M.officerCardAlt(title)),
    // No JSON-LD: Google shows no review stars for a Person, and officers are people.
  };
}

export function regimentLinkPreview(publicUrl: string, regiment: RegimentCardData): LinkPreview {
  const url = `${publicUrl}/regiment/${regiment.id}`;
  const description = regiment.description?.trim() || null;
  return {
    title: regiment.name,
    documentTitle: M.pageTitle(regiment.name, M.siteName),
    description: joined([
      ratingBasis(regiment.averageRating, regiment.reviewCount),
      M.officerCount(regiment.officerCount),
      regiment.side.name,
      description,
    ]),
    url,
    image: card(publicUrl, apiPaths.regimentCard(regiment.id), M.regimentCardAlt(regiment.name)),
    jsonLd: regimentJsonLd(publicUrl, url, regiment, description),
  };
}

/**
 * schema.org Organization for a regiment, with its aggregateRating only when it has reviews: an
 * aggregate rating of no ratings is invalid for Google's rich results.
 */
function regimentJsonLd(publicUrl: string, url: string, regiment: RegimentCardData, description: string | null): Record<string, unknown> {
  const logo = regiment.iconImageUrl ? new URL(regiment.iconImageUrl, `${publicUrl}/`).href : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: regiment.name,
    url,
    ...(description ? { description } : {}),
    ...(logo ? { logo } : {}),
    ...(regiment.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: formatRating(regiment.averageRating),
            reviewCount: regiment.reviewCount,
            bestRating: 5,
            // The ratings run from 1 to 5 stars (issue 36, item 6: it said 0).
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home and search: the site's own card, the same for every visit of that page. */
export function pageLinkPreview(publicUrl: string, page: 'home' | 'search'): LinkPreview {
  const isHome = page === 'home';
  const title = isHome ? M.siteName : M.searchTitle;
  return {
    title,
    documentTitle: isHome ? M.siteName : M.pageTitle(title, M.siteName),
    description: isHome ? M.homeDescription : M.searchDescription,
    url: `${publicUrl}${isHome ? '/' : '/search'}`,
    image: card(publicUrl, apiPaths.siteCard, M.siteName),
  };
}
