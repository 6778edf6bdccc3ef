import { useRef, type ReactNode, type RefObject } from 'react';
import { LoadMoreButton } from '#web/components/load-more-button';
import { Alert, EmptyState, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { useWhenVisible } from '#web/lib/use-when-visible';

/** '1 officer', '12 officers'. */
function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const SKELETON_CARDS = 6;

/** How a tab's list grows: more results on the way, how to ask for them, and a failed attempt. */
interface ResultPaging {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  /** The last attempt to load more failed: shown above the button, which tries again. */
  loadMoreError?: unknown;
  loadMoreLabel: string;
  /** Only for lists that wait for the network to grow. */
  loadingMoreLabel?: string;
}

/**
 * One tab's results: skeleton cards while the first answer is pending, an alert on failure, the
 * empty state, or the count and grid. The count is how many match in all, not how many are on
 * screen: the list grows as the reader scrolls (a sentinel below it asks for more as it nears the
 * viewport, as the officer's reviews do), and a 'Load more' button does the same for keyboards and
 * browsers without IntersectionObserver. While a new query loads, the previous results stay
 * visible, dimmed and marked busy.
 */
export function SearchResults({
  label,
  totalCount,
  shownCount,
  isPending,
  isRefreshing,
  error,
  errorTitle,
  emptyTitle,
  noun,
  paging,
  children,
}: {
  label: string;
  totalCount: number;
  shownCount: number;
  isPending: boolean;
  isRefreshing: boolean;
  error: unknown;
  errorTitle: string;
  emptyTitle: string;
  noun: { singular: string; plural: string };
  paging: ResultPaging;
  children: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (error) {
    return (
      <Alert variant="destructive" title={errorTitle}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${noun.plural}`} role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  return (
    <div aria-busy={isRefreshing} className={cn('transition-opacity', isRefreshing && 'opacity-60')}>
      <p className="mb-3 text-sm text-stone-600" aria-live="polite">
        {countLabel(totalCount, noun.singular, noun.plural)}
      </p>
      {shownCount === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <>
          <ul ref={list} aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {children}
          </ul>
          <MoreResults paging={paging} shownCount={shownCount} totalCount={totalCount} noun={noun} list={list} />
        </>
      )}
    </div>
  );
}

function MoreResults({
  paging,
  shownCount,
  totalCount,
  noun,
  list,
}: {
  paging: ResultPaging;
  shownCount: number;
  totalCount: number;
  noun: { singular: string; plural: string };
  list: RefObject<HTMLUListElement | null>;
}) {
  const { hasMore, isLoadingMore, loadMore, loadMoreError } = paging;
  const askForMore = () => {
    if (hasMore && !isLoadingMore) loadMore();
  };
  // After a failed page the sentinel stops, so a broken API is not asked again on every scroll.
  const sentinelRef = useWhenVisible<HTMLDivElement>(askForMore, hasMore && !isLoadingMore && !loadMoreError);
  // Nothing more to say when everything is on screen.
  if (!hasMore && !isLoadingMore) return null;
  return (
    <>
      <div ref={sentinelRef} aria-hidden />
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-stone-600">
        <p>
          Showing {shownCount} of {countLabel(totalCount, noun.singular, noun.plural)}
        </p>
        {loadMoreError ? (
          <Alert variant="destructive" className="w-full">
            {errorMessage(loadMoreError)}
          </Alert>
        ) : null}
        {hasMore && (
          <LoadMoreButton
            isLoading={isLoadingMore}
            onLoadMore={askForMore}
            label={paging.loadMoreLabel}
            loadingLabel={paging.loadingMoreLabel}
            list={list}
          />
        )}
      </div>
    </>
  );
}
