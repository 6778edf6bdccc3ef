/**
 * The Regiments tab of /search filters and sorts GET /api/regiments in the browser (spec section 2,
 * /search): the list is small, already cached for the filters, and there is no regiment search call.
 */
import type { RankedRegiment as Regiment } from '#core/api';
import { byNameThenId, compareNames } from '#core/names';
import { matchesRegimentFacts } from '#core/regiment-facts';
import type { SortBy, SortOrder } from '#core/search';
import { regimentFactsFilterOf, type RegimentFinderState } from '#core/regiment-finder-params';

interface RegimentFilter extends Partial<RegimentFinderState> {
  q: string;
  sideId: number | null;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

/**
 * Regiments whose name or description contains q (case-insensitive) and that pass the side and the
 * finder's filters (issue 36, item 5), by the test GET /api/regiments applies to them.
 */
export function filterRegiments(
  regiments: readonly Regiment[],
  filter: Pick<RegimentFilter, 'q' | 'sideId' | 'region' | 'language' | 'recruiting'>,
): Regiment[] {
  const needle = filter.q.trim().toLocaleLowerCase('en');
  const facts = regimentFactsFilterOf(filter);
  return regiments.filter((regiment) => {
    if (!matchesRegimentFacts(regiment, facts)) return false;
    if (!needle) return true;
    return regiment.name.toLocaleLowerCase('en').includes(needle) || (regiment.description ?? '').toLocaleLowerCase('en').includes(needle);
  });
}

/**
 * How well a regiment matches the text, higher is better: its name starts with it, a word of its
 * name does, its name contains it, only its description does.
 */
function matchQuality(regiment: Regiment, q: string): number {
  const needle = q.trim().toLocaleLowerCase('en');
  if (!needle) return 0;
  const name = regiment.name.toLocaleLowerCase('en');
  if (name.startsWith(needle)) return 3;
  if (name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(needle))) return 2;
  return name.includes(needle) ? 1 : 0;
}

const compareBy: Record<SortBy, (a: Regiment, b: Regiment, q: string) => number> = {
  // By rank score, the Bayesian average, as every ranking (issue 16, item 3); unrated ones are placed by unratedLast.
  rating: (a, b) => (a.rankScore ?? 0) - (b.rankScore ?? 0),
  name: (a, b) => compareNames(a.name, b.name),
  reviews: (a, b) => a.reviewCount - b.reviewCount,
  // The best match first (the order is always desc), then the better ranked.
  relevance: (a, b, q) => matchQuality(a, q) - matchQuality(b, q) || (a.rankScore ?? -1) - (b.rankScore ?? -1),
};

/** Regiments without a review (0.0, no rating) after the rated ones, in either direction. */
const unratedLast = (a: Regiment, b: Regiment) => Number(a.reviewCount === 0) - Number(b.reviewCount === 0);

/**
 * A sorted copy: rating by rankScore, name by name, reviews by reviewCount. Ties fall back to
 * name A-Z, then id, so the order never depends on what the server happened to send first. In both
 * rating orders, regiments without a review come last (issue 13), as officers do in the search call.
 */
export function sortRegiments(regiments: readonly Regiment[], sort: Pick<RegimentFilter, 'sortBy' | 'sortOrder'> & { q?: string }): Regiment[] {
  const direction = sort.sortOrder === 'asc' && sort.sortBy !== 'relevance' ? 1 : -1;
  const primary = compareBy[sort.sortBy];
  const q = sort.q ?? '';
  const first = sort.sortBy === 'rating' ? unratedLast : () => 0;
  return [...regiments].sort((a, b) => first(a, b) || direction * primary(a, b, q) || byNameThenId(a, b));
}

export function selectRegimentResults(regiments: readonly Regiment[], filter: RegimentFilter): Regiment[] {
  return sortRegiments(filterRegiments(regiments, filter), filter);
}
