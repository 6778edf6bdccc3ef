/**
 * What a query says of its data (TanStack Query's `meta`): `personal` answers belong to the signed-in
 * user (their reviews, notifications, settings, the admin screens). A session change drops them
 * before anything is asked again (auth.ts): no page asks for the previous user's data once they are
 * signed out (issue 39, item 4: a 401 in the console at every logout), and nothing of theirs stays
 * in memory for whoever uses the browser next.
 */
import type { Query } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { personal?: true };
  }
}

/** Spread into a personal query's options. */
export const PERSONAL = { meta: { personal: true } } as const;

export const isPersonalQuery = (query: Pick<Query, 'meta'>): boolean => query.meta?.personal === true;
