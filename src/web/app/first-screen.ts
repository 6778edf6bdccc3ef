/**
 * What the first screen of a page shows, fetched before the app first renders (main.tsx), so the
 * page is drawn once with its content instead of as skeletons that four answers then fill one by
 * one: each answer filling in meant a render, a style recalculation and a layout of the whole page
 * after the first paint, the blocking time Lighthouse counted on a phone (docs/performance.md). The
 * server names the same requests as preloads in the page's HTML (src/core/first-screen.ts).
 *
 * The queries are the pages' own (the same options, hence the same keys): nothing is fetched twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { firstScreenPage } from '#core/first-screen';
import { officerSearchOf } from '#core/search-params';
import { authStatusQueryOptions } from '#web/api/auth';
import { officerQueryOptions, officerSearchPagesQueryOptions, regimentOfficersQueryOptions, topOfficersQueryOptions } from '#web/api/officers';
import { featuredRegimentsQueryOptions, regimentQueryOptions, regimentsQueryOptions } from '#web/api/regiments';
import { officerReviewsQueryOptions, recentReviewsQueryOptions } from '#web/api/reviews';
import { sidesQueryOptions } from '#web/api/sides';

/** Starts the page's first-screen queries; resolves when all have settled (failures included). */
export function prefetchFirstScreen(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<unknown> {
  const fetches: Array<Promise<unknown>> = [queryClient.prefetchQuery(authStatusQueryOptions())];
  const page = firstScreenPage(location.pathname, location.search);
  switch (page.page) {
    case 'home':
      fetches.push(
        queryClient.prefetchQuery(topOfficersQueryOptions()),
        queryClient.prefetchQuery(featuredRegimentsQueryOptions()),
        queryClient.prefetchQuery(recentReviewsQueryOptions()),
        queryClient.prefetchQuery(sidesQueryOptions()),
      );
      break;
    case 'officer':
      fetches.push(queryClient.prefetchQuery(officerQueryOptions(page.id)), queryClient.prefetchInfiniteQuery(officerReviewsQueryOptions(page.id)));
      break;
    case 'regiment':
      fetches.push(queryClient.prefetchQuery(regimentQueryOptions(page.id)), queryClient.prefetchQuery(regimentOfficersQueryOptions(page.id)));
      break;
    case 'search': {
      const { search } = page;
      fetches.push(queryClient.prefetchQuery(sidesQueryOptions()));
      if (search.showRegiments) fetches.push(queryClient.prefetchQuery(regimentsQueryOptions()));
      else if (search.regimentId !== null) fetches.push(queryClient.prefetchQuery(regimentQueryOptions(search.regimentId)));
      if (!search.showRegiments) fetches.push(queryClient.prefetchInfiniteQuery(officerSearchPagesQueryOptions(officerSearchOf(search))));
      break;
    }
    case 'other':
      break;
  }
  return Promise.all(fetches);
}
