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

/** Every key the web app caches, for officer 7 of regiment 3 (Union, side 1) and their neighbours. */
const ALL_KEYS: QueryKey[] = [
  ['auth', 'status'],
  ['sides'],
  ['officers'],
  ['officers', 7],
  ['officers', 8],
  ['officers', 'top', 'all'],
  ['officers', 'top', 'USA'],
  ['officers', 'regiment', 3],
  ['officers', 'regiment', 5],
  ['officers', 'regiment', 6],
  ['officers', 'search-pages', { q: 'x' }],
  ['regiments'],
  ['regiments', 3],
  ['regiments', 5],
  ['regiments', 6],
  ['regiments', 'side', 1],
  ['regiments', 'side', 2],
  ['regiments', 'owned', 1],
  ['regiments', 'featured'],
  ['search', 'suggestions', { q: 'x', sideId: null }],
  ['search', 'regiment-choices', { q: '', sideId: 1 }],
  ['reviews', 'recent'],
  ['reviews', 'my'],
  ['reviews', 'officer', 7],
  ['reviews', 'officer', 8],
  ['steam-stats', 'officer', 7],
  ['admin', 'dashboard'],
];

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } } });
  for (const key of ALL_KEYS) queryClient.setQueryData(key, []);
  return queryClient;
}

const invalidatedKeys = (queryClient: QueryClient) =>
  ALL_KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));

const keys = (...list: QueryKey[]) => list.map((key) => JSON.stringify(key));

describe('invalidateAfterOfficerChange', () => {
  it("refreshes the regiment's officer list and detail, the top officers, the officer list and the search boxes' answers", async () => {
    const queryClient = seededClient();
    await invalidateAfterOfficerChange(queryClient, { officerId: 7, regimentIds: [3, 3] });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        ['officers'],
        ['officers', 'top', 'all'],
        ['officers', 'top', 'USA'],
        ['officers', 'regiment', 3],
        ['regiments', 3],
        ['search', 'suggestions', { q: 'x', sideId: null }],
        ['search', 'regiment-choices', { q: '', sideId: 1 }],
      ),
    );
  });

  it('refreshes both regiments when the officer moved', async () => {
    const queryClient = seededClient();
    await invalidateAfterOfficerChange(queryClient, { officerId: 7, regimentIds: [3, 5] });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        ['officers'],
        ['officers', 'top', 'all'],
        ['officers', 'top', 'USA'],
        ['officers', 'regiment', 3],
        ['officers', 'regiment', 5],
        ['regiments', 3],
        ['regiments', 5],
        ['search', 'suggestions', { q: 'x', sideId: null }],
        ['search', 'regiment-choices', { q: '', sideId: 1 }],
      ),
    );
  });
});

describe('invalidateAfterOfficerDeletedByAdmin', () => {
  const expected = keys(
    ['officers'],
    ['officers', 7],
    ['officers', 'top', 'all'],
    ['officers', 'top', 'USA'],
    ['officers', 'regiment', 3],
    ['regiments'],
    ['regiments', 3],
    ['regiments', 'side', 1],
    ['regiments', 'side', 2],
    ['regiments', 'featured'],
    ['search', 'suggestions', { q: 'x', sideId: null }],
    ['search', 'regiment-choices', { q: '', sideId: 1 }],
    ['reviews', 'recent'],
    ['reviews', 'officer', 7],
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
      queryKey: ['officers', 7],
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
    expect(invalidatedKeys(queryClient)).toEqual([JSON.stringify(['auth', 'status']), ...expected]);
  });
});

describe('invalidateAfterRegimentChange', () => {
  it("refreshes the side's regiment list, the regiment lists and the regiment's officers", async () => {
    const queryClient = seededClient();
    await invalidateAfterRegimentChange(queryClient, { id: 3, sideId: 1 });
    expect(invalidatedKeys(queryClient)).toEqual(
      keys(
        ['officers', 'regiment', 3],
        ['regiments'],
        ['regiments', 'side', 1],
        ['regiments', 'owned', 1],
        ['regiments', 'featured'],
        ['search', 'suggestions', { q: 'x', sideId: null }],
        ['search', 'regiment-choices', { q: '', sideId: 1 }],
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
        ['auth', 'status'],
        ['officers'],
        ['officers', 7],
        ['officers', 8],
        ['officers', 'top', 'all'],
        ['officers', 'top', 'USA'],
        ['officers', 'regiment', 3],
        ['officers', 'regiment', 5],
        ['officers', 'regiment', 6],
        ['officers', 'search-pages', { q: 'x' }],
        ['regiments'],
        ['regiments', 3],
        ['regiments', 'side', 1],
        ['regiments', 'owned', 1],
        ['regiments', 'featured'],
        ['search', 'suggestions', { q: 'x', sideId: null }],
        ['search', 'regiment-choices', { q: '', sideId: 1 }],
        ['reviews', 'recent'],
        ['reviews', 'my'],
        ['reviews', 'officer', 7],
        ['reviews', 'officer', 8],
      ),
    );
  });
});
