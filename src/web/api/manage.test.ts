/** The cache refreshes after officer and regiment changes (spec section 4, Cache refresh after changes). */
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateAfterOfficerChange,
  invalidateAfterOfficerDeletedByAdmin,
  invalidateAfterOwnOfficerProfileDeleted,
  invalidateAfterRegimentChange,
  invalidateAfterRegimentDeleted,
} from './manage';
import { DEFAULT_REVIEW_SORT } from '#core/review-sort';
import { adminKeys } from './admin';
import { authKeys } from './auth';
import { officerKeys } from './officers';
import { regimentKeys } from './regiments';
import { reviewKeys } from './reviews';
import { searchKeys } from './search';
import { sideKeys } from './sides';
import { steamStatsKeys } from './steam';

/**
 * Every key the web app caches, for officer 7 of regiment 3 (Union, side 1) and their neighbours,
 * from the modules' own key factories: a key renamed there is renamed here.
 */
const ALL_KEYS: QueryKey[] = [
  authKeys.status(),
  authKeys.config(),
  sideKeys.all,
  officerKeys.list(),
  officerKeys.detail(7),
  officerKeys.trend(7),
  officerKeys.detail(8),
  officerKeys.topOfSide(),
  officerKeys.topOfSide('USA'),
  officerKeys.ofRegiment(3),
  officerKeys.ofRegiment(5),
  officerKeys.ofRegiment(6),
  officerKeys.searchPages({ q: 'x', sortBy: 'name', sortOrder: 'asc' }),
  regimentKeys.list(),
  regimentKeys.detail(3),
  regimentKeys.detail(5),
  regimentKeys.detail(6),
  regimentKeys.ofSide(1),
  regimentKeys.ofSide(2),
  regimentKeys.ownedBy(1),
  regimentKeys.featured(),
  searchKeys.suggestions('x', null),
  searchKeys.regimentChoices('', 1),
  reviewKeys.recent(),
  reviewKeys.mine(),
  reviewKeys.ofOfficerSorted(7, DEFAULT_REVIEW_SORT),
  reviewKeys.ofOfficerSorted(8, DEFAULT_REVIEW_SORT),
  reviewKeys.viewerState(1, 1),
  reviewKeys.revisionsOf(1),
  steamStatsKeys.ofOfficer(7),
  adminKeys.dashboard(),
];

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } } });
  for (const key of ALL_KEYS) queryClient.setQueryData(key, []);
  return queryClient;
}

const invalidatedKeys = (queryClient: QueryClient) =>
  ALL_KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));

const keys = (...list: QueryKey[]) => list.map((key) => JSON.stringify(key));

const searchAnswers = [searchKeys.suggestions('x', null), searchKeys.regimentChoices('', 1)];

describe('invalidateAfterOfficerChange', () => {
  it("refreshes the regiment's officer list and detail, the top officers, the officer list and the search boxes' answers", async () => {
    const queryClient = seededClient();
    await invalidateAfterOfficerChange(queryClient, { officerId: 7, regimentIds: [3, 3] });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        officerKeys.list(),
        officerKeys.topOfSide(),
        officerKeys.topOfSide('USA'),
        officerKeys.ofRegiment(3),
        regimentKeys.detail(3),
        ...searchAnswers,
      ),
    );
  });

  it('refreshes both regiments when the officer moved', async () => {
    const queryClient = seededClient();
    await invalidateAfterOfficerChange(queryClient, { officerId: 7, regimentIds: [3, 5] });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        officerKeys.list(),
        officerKeys.topOfSide(),
        officerKeys.topOfSide('USA'),
        officerKeys.ofRegiment(3),
        officerKeys.ofRegiment(5),
        regimentKeys.detail(3),
        regimentKeys.detail(5),
        ...searchAnswers,
      ),
    );
  });
});

describe('invalidateAfterOfficerDeletedByAdmin', () => {
  const expected = keys(
    officerKeys.list(),
    officerKeys.detail(7),
    officerKeys.topOfSide(),
    officerKeys.topOfSide('USA'),
    officerKeys.ofRegiment(3),
    regimentKeys.list(),
    regimentKeys.detail(3),
    regimentKeys.ofSide(1),
    regimentKeys.ofSide(2),
    regimentKeys.featured(),
    ...searchAnswers,
    reviewKeys.recent(),
    reviewKeys.ofOfficerSorted(7, DEFAULT_REVIEW_SORT),
  );

  it('refreshes regiment {id}, officers of the regiment, officers, top officers, recent reviews and regiments', async () => {
    const queryClient = seededClient();
    await invalidateAfterOfficerDeletedByAdmin(queryClient, { officerId: 7, regimentId: 3 });
    expect(invalidatedKeys(queryClient)).toEqual(expected);
  });

  it("only marks the deleted officer's own page stale: a mounted page does not ask for it again", async () => {
    const queryClient = seededClient();
    let fetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: officerKeys.detail(7),
      queryFn: () => {
        fetches += 1;
        return [];
      },
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    await invalidateAfterOfficerDeletedByAdmin(queryClient, { officerId: 7, regimentId: 3 });
    expect(fetches).toBe(0);
    unsubscribe();
  });

  it('the self-delete refreshes the same and the auth status (the account is unlinked)', async () => {
    const queryClient = seededClient();
    await invalidateAfterOwnOfficerProfileDeleted(queryClient, { officerId: 7, regimentId: 3 });
    expect(invalidatedKeys(queryClient)).toEqual([...keys(authKeys.status()), ...expected]);
  });
});

describe('invalidateAfterRegimentChange', () => {
  it("refreshes the side's regiment list, the regiment lists and the regiment's officers", async () => {
    const queryClient = seededClient();
    await invalidateAfterRegimentChange(queryClient, { id: 3, sideId: 1 });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        officerKeys.ofRegiment(3),
        regimentKeys.list(),
        regimentKeys.ofSide(1),
        regimentKeys.ownedBy(1),
        regimentKeys.featured(),
        ...searchAnswers,
      ),
    );
  });
});

describe('invalidateAfterRegimentDeleted', () => {
  it('refreshes every officer and review (its officers and their reviews are gone), the regiment lists and the auth status', async () => {
    const queryClient = seededClient();
    await invalidateAfterRegimentDeleted(queryClient, { id: 3, sideId: 1 });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        authKeys.status(),
        // Every officer answer and every review answer.
        ...ALL_KEYS.filter((key) => key[0] === officerKeys.all[0]),
        regimentKeys.list(),
        regimentKeys.detail(3),
        regimentKeys.ofSide(1),
        regimentKeys.ownedBy(1),
        regimentKeys.featured(),
        ...searchAnswers,
        ...ALL_KEYS.filter((key) => key[0] === reviewKeys.all[0]),
      ),
    );
  });
});
