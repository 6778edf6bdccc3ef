/**
 * The search catalogue (docs/decisions/0025-search-catalogue.md): every officer and regiment the
 * search can show, held in memory with an index of their words, so a search, a suggestion
 * or a regiment choice is answered without a query of its own (word-index.ts says how words match). catalogue-sync.ts keeps it exactly
 * in step with the database; this module only holds, indexes and answers.
 *
 * Matching (issue 15, item 2): every typed word must start a word of the officer's name, regiment or
 * rank ("20th mai" finds the 20th Maine's officers; a rank's words are indexed in all their written
 * forms, text.ts). When nothing matches as typed, the words are tried again with typos forgiven, so
 * "crawfrod" finds Crawford without filling every precise search with near-misses.
 */
import type { RankedOfficer, RegimentChoices, Suggestion } from '#core/api.js';
import { TOP_OFFICERS_LIMIT, TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE, type SideCode } from '#core/constants.js';
import { rankScoreOf, type RankPrior } from '#core/rating-math.js';
import type { JsonBytes } from '#server/platform/http/json-bytes.js';
import { ownedBytes } from '#server/platform/read-cache/encoding.js';
import type { OfficerRecord, RegimentRecord, SideRecord } from './catalogue-source.js';
import { byNameThenId, compareNames } from '#core/names.js';
import { firstInOrder, firstOf, topOrder, type Match } from './order.js';
import { rankForms, wordsOf } from './text.js';
import { IdMap } from './id-map.js';
import { WordIndex, type WordMatches } from './word-index.js';

/**
 * A name counts most, then the regiment, then the rank: "Lee" is first the officers named Lee. A
 * regiment's own name weighs as much as an officer's, so "20th Maine" suggests the regiment first.
 */
const WEIGHTS = { name: 3, regimentName: 1.5, rank: 1 };

/**
 * The documents matching the text: with typos forgiven when `typos` says so; when it is not given,
 * as typed, and with typos forgiven only if nothing matched as typed.
 */
function matchForgiving(index: WordIndex, text: string, typos: boolean | undefined, scored: boolean): WordMatches {
  if (typos !== undefined) return index.match(text, { typos, scored });
  const asTyped = index.match(text, { scored });
  return asTyped.ids.length > 0 ? asTyped : index.match(text, { typos: true, scored });
}

const OPEN_BRACKET = '['.charCodeAt(0);
const CLOSE_BRACKET = ']'.charCodeAt(0);

export interface CatalogueContents {
  communityMean: number;
  sides: readonly SideRecord[];
  regiments: readonly RegimentRecord[];
  officers: readonly OfficerRecord[];
}

export interface OfficerFilters {
  q?: string | undefined;
  sideId?: number | undefined;
  regimentId?: number | undefined;
}

export class SearchCatalogue {
  private readonly sides = new Map<number, SideRecord>();
  // The maps by officer or regiment id are IdMaps (id-map.ts): a search looks up each officer it matches in several.
  private readonly regiments = new IdMap<RegimentRecord>();
  private readonly officers = new IdMap<OfficerRecord>();
  private readonly officersOfRegiment = new Map<number, Set<number>>();
  private readonly officerIndex = new WordIndex();
  private readonly regimentIndex = new WordIndex();
  /** Each officer's place in name order (order.ts compares names by it); null when a name changed. */
  private nameRanks: IdMap<number> | null = null;
  /** What the rankings weigh every rating against: the published community mean (ranking-prior.ts) and the weight m. */
  private prior: RankPrior;
  /**
   * Each officer's answer as JSON, followed by a comma: made when first listed, dropped when the
   * officer, what it shows of its regiment, or its rank score (the community mean moves, every few
   * minutes at most: ranking-prior.ts) changes. Searches list up to 100 officers, and building and
   * serialising each answer anew was most of a search's time (docs/decisions/0041-batched-reads.md).
   * One part per officer, not a head and a rank-score tail: joining 200 parts was an eighth of a
   * computed typed search (`perf`). UTF-8 bytes: at most about 700 each, each in a buffer of its own
   * (ownedBytes): a slice of Node's shared 8 KiB pool would keep its whole slab alive.
   */
  private readonly answerParts = new IdMap<Buffer>();
  /** officerRankScore's, by officer: forgotten when the officer changes, all of them when the mean does. */
  private readonly officerRankScores = new IdMap<number | null>();
  /**
   * Each officer's match without a text score, as every order but relevance sorts it: made once and
   * shared by the searches that list the officer (a three-letter term matches hundreds of officers,
   * and making and collecting a match for each was a good part of a search). Forgotten with the
   * officer's rank score or name rank.
   */
  private readonly unscoredMatches = new IdMap<Match>();

  /** `priorWeight`: the m of the rankings' Bayesian average (config RANK_PRIOR_WEIGHT). */
  constructor(contents: CatalogueContents, priorWeight: number) {
    this.prior = { communityMean: contents.communityMean, priorWeight };
    for (const side of contents.sides) this.sides.set(side.id, side);
    for (const regiment of contents.regiments) this.regiments.set(regiment.id, regiment);
    for (const officer of contents.officers) {
      this.officers.set(officer.id, officer);
      this.officersOfRegimentSet(officer.regimentId).add(officer.id);
    }
    for (const regiment of this.regiments.values()) if (regiment.isActive) this.indexRegiment(regiment);
    for (const officer of this.officers.values()) if (this.isPublic(officer)) this.indexOfficer(officer);
  }

  /**
   * Regiments as they now are: `rows` holds those of `ids` that still exist; the others were
   * deleted. A renamed, moved or hidden regiment changes what its officers show and match.
   */
  applyRegiments(ids: readonly number[], rows: readonly RegimentRecord[]): void {
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const before = this.regiments.get(id);
      const after = found.get(id);
      if (after) this.regiments.set(id, after);
      else this.regiments.delete(id);
      this.regimentIndex.remove(id);
      if (after?.isActive) this.indexRegiment(after);
      const shownAs = (r: RegimentRecord | undefined) => r && `${r.name}\u0000${r.description}\u0000${r.bannerImageUrl}\u0000${r.sideId}`;
      if (shownAs(before) !== shownAs(after)) for (const officerId of this.officersOfRegiment.get(id) ?? []) this.answerParts.delete(officerId);
      const matchedAs = (r: RegimentRecord | undefined) => r && `${r.name}\u0000${r.isActive}`;
      if (matchedAs(before) === matchedAs(after)) continue;
      for (const officerId of this.officersOfRegiment.get(id) ?? []) {
        const officer = this.officers.get(officerId)!;
        this.reindexOfficer(officer, officer);
      }
    }
  }

  /** Officers as they now are: `rows` holds those of `ids` that still exist; the others were deleted. */
  applyOfficers(ids: readonly number[], rows: readonly OfficerRecord[]): void {
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const before = this.officers.get(id);
      const after = found.get(id);
      this.answerParts.delete(id);
      this.officerRankScores.delete(id);
      this.unscoredMatches.delete(id);
      if (before) this.officersOfRegiment.get(before.regimentId)?.delete(id);
      if (after) {
        this.officers.set(id, after);
        this.officersOfRegimentSet(after.regimentId).add(id);
      } else {
        this.officers.delete(id);
      }
      if (before?.name !== after?.name) this.nameRanks = null;
      // A new rating or review count (most changes) leaves what the officer matches as it was.
      const matchedAs = (o: OfficerRecord | undefined) => o && `${o.name}\u0000${o.rank}\u0000${o.regimentId}\u0000${this.isPublic(o)}`;
      if (matchedAs(before) !== matchedAs(after) || this.officerIndex.has(id) !== (after !== undefined && this.isPublic(after))) {
        this.reindexOfficer(before, after);
      }
    }
  }

  /** Public: the officer and its regiment are active (features/officers/queries.ts says the same in SQL). */
  isPublic(officer: OfficerRecord): boolean {
    return officer.isActive && this.regiments.get(officer.regimentId)?.isActive === true;
  }

  /**
   * The public officers that match the filters, unsorted, each with how well it matched the text
   * (0 without text). Without text, a regiment filter reads only that regiment's officers.
   */
  findOfficers(filters: OfficerFilters, { typos, scored = false }: { typos?: boolean; scored?: boolean } = {}): Match[] {
    const text = filters.q?.trim();
    const inFilters = (officer: OfficerRecord) =>
      (filters.regimentId === undefined || officer.regimentId === filters.regimentId) &&
      (filters.sideId === undefined || this.regiments.get(officer.regimentId)?.sideId === filters.sideId);
    const matches: Match[] = [];
    if (text) {
      const nameRanks = this.nameRanksNow();
      const { ids, scores } = matchForgiving(this.officerIndex, text, typos, scored);
      for (let i = 0; i < ids.length; i++) {
        const officer = this.officers.get(ids[i]!)!;
        if (inFilters(officer)) matches.push(this.matchOf(officer, scores?.[i] ?? 0, nameRanks));
      }
      return matches;
    }
    const candidates = filters.regimentId === undefined ? this.officers.keys() : (this.officersOfRegiment.get(filters.regimentId) ?? []);
    const nameRanks = this.nameRanksNow();
    for (const id of candidates) {
      const officer = this.officers.get(id)!;
      if (this.isPublic(officer) && inFilters(officer)) matches.push(this.matchOf(officer, 0, nameRanks));
    }
    return matches;
  }

  /**
   * 'Top Rated Officers' (GET /api/officers/top): the public officers with more than one review (spec
   * section 9), of one side or both, by rank score (topOrder).
   */
  topOfficers(sideCode: SideCode | undefined): RankedOfficer[] {
    const sideId = sideCode === undefined ? undefined : [...this.sides.values()].find((side) => side.code === sideCode)?.id;
    if (sideCode !== undefined && sideId === undefined) return [];
    const rated = this.findOfficers({ sideId }).filter((match) => match.officer.reviewCount > TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE);
    return firstInOrder(topOrder, rated, TOP_OFFICERS_LIMIT).map((match) => this.officerAnswer(match.officer));
  }

  /** The community mean as now published (read with every look at the change feed). */
  applyCommunityMean(communityMean: number): void {
    if (communityMean === this.prior.communityMean) return;
    this.prior = { ...this.prior, communityMean };
    this.officerRankScores.clear();
    this.answerParts.clear();
    this.unscoredMatches.clear();
  }

  /** An officer's rank score, worked out once per version of its record and of the community mean (every match of a search needs it). */
  private officerRankScore(officer: OfficerRecord): number | null {
    let score = this.officerRankScores.get(officer.id);
    if (score === undefined) {
      score = this.rankScore(officer.averageRating, officer.reviewCount);
      this.officerRankScores.set(officer.id, score);
    }
    return score;
  }

  /** The rank score of a mean and count against the published community mean (rankScoreOf). */
  rankScore(mean: number, count: number): number | null {
    return rankScoreOf(mean, count, this.prior);
  }

  /** The officer as every officer answer shows it (features/officers/queries.ts, selectPublicOfficers), with its rank score. */
  officerAnswer(officer: OfficerRecord): RankedOfficer {
    // Built for each answer rather than kept: a page holds at most 100, and 20,000 kept copies
    // would double the catalogue's memory.
    const regiment = this.regiments.get(officer.regimentId)!;
    const side = this.sides.get(regiment.sideId)!;
    return {
      ...officer,
      side: { id: side.id, name: side.name, code: side.code },
      regiment: { id: regiment.id, name: regiment.name, description: regiment.description, bannerImageUrl: regiment.bannerImageUrl },
      regimentName: regiment.name,
      rankScore: this.officerRankScore(officer),
    };
  }

  /**
   * `officerAnswer` of each officer, as a JSON array: the bytes a search answers with, the same
   * value as JSON.stringify of the answers (catalogue.test.ts), made from each officer's kept part.
   */
  officerAnswersJson(officers: readonly OfficerRecord[]): JsonBytes<RankedOfficer[]> {
    if (officers.length === 0) return Buffer.from('[]');
    const parts: Buffer[] = [];
    // The opening bracket, then each answer and its comma, the last one becoming the closing bracket.
    let length = 1;
    for (const officer of officers) {
      const part = this.answerPart(officer);
      parts.push(part);
      length += part.length;
    }
    const json = Buffer.allocUnsafe(length);
    json[0] = OPEN_BRACKET;
    let offset = 1;
    for (const part of parts) {
      json.set(part, offset);
      offset += part.length;
    }
    json[length - 1] = CLOSE_BRACKET;
    return json;
  }

  /** The officer's answer as JSON and a comma, kept (answerParts). */
  private answerPart(officer: OfficerRecord): Buffer {
    let part = this.answerParts.get(officer.id);
    if (!part) {
      part = ownedBytes(`${JSON.stringify(this.officerAnswer(officer))},`);
      this.answerParts.set(officer.id, part);
    }
    return part;
  }

  /**
   * What the search boxes suggest for the words typed so far: the best `limit` officers and
   * regiments together, best first. A regiment's name weighs as much as an officer's, so "20th Maine"
   * suggests the regiment before its officers; among equal matches, the better ranked first.
   */
  suggestions(text: string, sideId: number | undefined, limit: number): Suggestion[] {
    if (!text.trim()) return [];
    type Ranked = { score: number; rating: number; name: string; id: number; suggest: () => Suggestion };
    const ranked: Ranked[] = [];
    // Typos are forgiven only when neither officers nor regiments match as typed.
    for (const typos of [false, true]) {
      for (const { officer, score } of this.findOfficers({ q: text, sideId }, { typos, scored: true })) {
        ranked.push({
          score,
          rating: this.officerRankScore(officer) ?? -1,
          name: officer.name,
          id: officer.id,
          suggest: () => this.officerSuggestion(officer),
        });
      }
      for (const { regiment, score } of this.matchRegiments(text, sideId, typos)) {
        ranked.push({
          score,
          rating: this.rankScore(regiment.averageRating, regiment.reviewCount) ?? -1,
          name: regiment.name,
          id: regiment.id,
          suggest: () => this.regimentSuggestion(regiment),
        });
      }
      if (ranked.length > 0) break;
    }
    const better = (a: Ranked, b: Ranked) => b.score - a.score || b.rating - a.rating || compareNames(a.name, b.name) || a.id - b.id;
    return firstOf(ranked, limit, better).map((entry) => entry.suggest());
  }

  /** A searchable regiment selector's choices: by name without text, best match first with it. */
  regimentChoices(text: string | undefined, sideId: number | undefined, limit: number): RegimentChoices {
    const chosen = text?.trim()
      ? this.matchRegiments(text, sideId)
          .sort((a, b) => b.score - a.score || byNameThenId(a.regiment, b.regiment))
          .map((m) => m.regiment)
      : [...this.regiments.values()].filter((r) => r.isActive && (sideId === undefined || r.sideId === sideId)).sort(byNameThenId);
    return {
      regiments: chosen.slice(0, limit).map((r) => ({ id: r.id, name: r.name, sideId: r.sideId, sideName: this.sides.get(r.sideId)?.name ?? '' })),
      totalCount: chosen.length,
    };
  }

  private matchRegiments(text: string, sideId: number | undefined, typos?: boolean): Array<{ regiment: RegimentRecord; score: number }> {
    const found: Array<{ regiment: RegimentRecord; score: number }> = [];
    const { ids, scores } = matchForgiving(this.regimentIndex, text, typos, true);
    for (let i = 0; i < ids.length; i++) {
      const regiment = this.regiments.get(ids[i]!)!;
      if (sideId === undefined || regiment.sideId === sideId) found.push({ regiment, score: scores![i]! });
    }
    return found;
  }

  private officerSuggestion(officer: OfficerRecord): Suggestion {
    const regiment = this.regiments.get(officer.regimentId)!;
    return {
      kind: 'officer',
      id: officer.id,
      name: officer.name,
      rank: officer.rank,
      regimentName: regiment.name,
      sideCode: this.sides.get(regiment.sideId)?.code ?? '',
      averageRating: officer.reviewCount > 0 ? officer.averageRating : null,
      reviewCount: officer.reviewCount,
    };
  }

  private regimentSuggestion(regiment: RegimentRecord): Suggestion {
    return {
      kind: 'regiment',
      id: regiment.id,
      name: regiment.name,
      sideCode: this.sides.get(regiment.sideId)?.code ?? '',
      officerCount: regiment.officerCount,
    };
  }

  private matchOf(officer: OfficerRecord, score: number, nameRanks: IdMap<number>): Match {
    if (score !== 0) return { officer, score, rankScore: this.officerRankScore(officer), nameRank: nameRanks.get(officer.id)! };
    let match = this.unscoredMatches.get(officer.id);
    if (!match) {
      match = { officer, score, rankScore: this.officerRankScore(officer), nameRank: nameRanks.get(officer.id)! };
      this.unscoredMatches.set(officer.id, match);
    }
    return match;
  }

  private officersOfRegimentSet(regimentId: number): Set<number> {
    let set = this.officersOfRegiment.get(regimentId);
    if (!set) {
      set = new Set();
      this.officersOfRegiment.set(regimentId, set);
    }
    return set;
  }

  private indexOfficer(officer: OfficerRecord): void {
    this.officerIndex.add(officer.id, [
      { words: wordsOf(officer.name), weight: WEIGHTS.name },
      { words: wordsOf(this.regiments.get(officer.regimentId)!.name), weight: WEIGHTS.regimentName },
      { words: wordsOf(officer.rank).flatMap(rankForms), weight: WEIGHTS.rank },
    ]);
  }

  private indexRegiment(regiment: RegimentRecord): void {
    this.regimentIndex.add(regiment.id, [{ words: wordsOf(regiment.name), weight: WEIGHTS.name }]);
  }

  /** Takes an officer (or its regiment) out of the index as it was and puts it back as it is. */
  private reindexOfficer(before: OfficerRecord | undefined, after: OfficerRecord | undefined): void {
    this.officerIndex.remove((before ?? after)!.id);
    if (after && this.isPublic(after)) this.indexOfficer(after);
  }

  /** Every officer's place in name order, worked out again after a name changed (rare: ratings change, names seldom do). */
  private nameRanksNow(): IdMap<number> {
    if (!this.nameRanks) {
      this.unscoredMatches.clear();
      const byName = [...this.officers.values()].sort((a, b) => compareNames(a.name, b.name));
      this.nameRanks = new IdMap();
      let rank = 0;
      for (let i = 0; i < byName.length; i++) {
        if (i > 0 && compareNames(byName[i - 1]!.name, byName[i]!.name) !== 0) rank = i;
        this.nameRanks.set(byName[i]!.id, rank);
      }
    }
    return this.nameRanks;
  }
}
