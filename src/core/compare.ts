/**
 * The comparison screen's address (issue 36, item 2): `/compare?officers=12,40,7` or
 * `/compare?regiments=3,9`, two to four of one kind. Pure, so the search results, the officer and
 * regiment pages (which start a comparison) and the screen itself read and write it the same way.
 */
import { compareMessages } from './messages/compare.js';
import { parsePositiveId } from './parse-id.js';

export const COMPARE_KINDS = ['officers', 'regiments'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** Fewer is not a comparison; more no longer fits side by side on a laptop (four columns beside the labels). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/**
 * What the address asks for: the kind and its ids in the order given (a repeated id once), and what
 * is wrong with it, if anything, in words for the page. Too few ids is a comparison being built (from
 * an officer's "Compare with…"): its ids are kept so the page can show them and offer to add more.
 */
export interface ComparisonRequest {
  kind: CompareKind;
  ids: number[];
  problem: string | null;
}

export function parseComparison(params: URLSearchParams): ComparisonRequest {
  const given = COMPARE_KINDS.filter((kind) => params.has(kind));
  if (given.length > 1) return { kind: 'officers', ids: [], problem: compareMessages.bothKinds };
  const kind = given[0] ?? 'officers';
  const raw = (params.get(kind) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const ids: number[] = [];
  for (const part of raw) {
    const id = parsePositiveId(part);
    if (id === null) return { kind, ids: [], problem: compareMessages.badId(part.slice(0, 20)) };
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > COMPARE_MAX) return { kind, ids: [], problem: compareMessages.tooMany(kind) };
  if (ids.length < COMPARE_MIN) return { kind, ids, problem: compareMessages.tooFew(kind, ids.length) };
  return { kind, ids, problem: null };
}

/**
 * GET /api/regiments/{id}/ratings, which only the comparison reads: here rather than in api-paths.ts,
 * which the first screen's bundle carries (as admin-api-paths.ts and second-factor-api-paths.ts are).
 */
export const regimentRatingsPath = (id: number) => `/api/regiments/${id}/ratings`;

/** The comparison's address; commas kept as they are, so the link reads as the issue writes it. */
export function comparePath(kind: CompareKind, ids: readonly number[]): string {
  return `/compare?${kind}=${ids.join(',')}`;
}
