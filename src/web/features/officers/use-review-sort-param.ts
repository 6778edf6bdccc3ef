import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_REVIEW_SORT, REVIEW_SORTS, type ReviewSort } from '#core/review-sort';

/**
 * A sort named in the address, or the default for none or one this site does not know. Here rather
 * than beside REVIEW_SORTS: that module travels with the first screen, this only with the officer page.
 */
function parseReviewSort(value: string | null): ReviewSort {
  return REVIEW_SORTS.find((sort) => sort === value) ?? DEFAULT_REVIEW_SORT;
}

/**
 * The officer page's review order, kept in the address as `?sort=` (issue 36, item 6), so a shared or
 * reloaded link shows the reviews in the order the reader chose. The default order leaves the address
 * bare, and a new order replaces the history entry rather than adding one per choice.
 */
export function useReviewSortParam(): [sort: ReviewSort, setSort: (sort: ReviewSort) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = parseReviewSort(searchParams.get('sort'));
  const setSort = useCallback(
    (next: ReviewSort) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next === DEFAULT_REVIEW_SORT) updated.delete('sort');
          else updated.set('sort', next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [sort, setSort];
}
