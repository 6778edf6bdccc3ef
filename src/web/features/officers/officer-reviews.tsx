import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { commonMessages } from '#core/messages/common';
import { officerMessages } from '#core/messages/officer';
import { isOwnOfficerProfile } from '#core/permissions';
import { reviewAnchorId } from '#core/review-link';
import { REVIEW_SORTS, type ReviewSort } from '#core/review-sort';
import { useAuth } from '#web/api/auth';
import { officerReviewsQueryOptions } from '#web/api/reviews';
import { AdminReviewDeleteAction } from '#web/components/domain/admin-review-delete-action';
import { ReviewCard } from '#web/components/domain/review-card';
import { ReviewFlag } from '#web/components/domain/review-flag';
import { ReviewVotes } from '#web/components/domain/review-votes';
import { Label, Select } from '#web/components/ui/form';
import { EmptyState, Skeleton } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { PagedListFooter } from '#web/components/load-more-button';
import { ReviewButton } from './review-button';
import { collectLoadedReviews } from './review-pages';
import { useReviewSortParam } from './use-review-sort-param';
import { ReviewReply, ReviewReplyActions } from './review-reply';
import { useStagedParts } from '#web/lib/use-staged-parts';
import { useWhenVisible } from '#web/lib/use-when-visible';

/**
 * The officer's reviews, five a page (spec section 9), in the order the sort control chooses (issue
 * 16: newest by default; kept in the address, use-review-sort-param.ts); a new order starts the list
 * again from its first page. A sentinel below the list loads the next page as it nears the viewport;
 * the 'Load more reviews' button does the same for keyboards and browsers without
 * IntersectionObserver, and keeps the keyboard on it (load-more-button.tsx). Pages follow each
 * answer's nextCursor and stop when it is null (`getNextPageParam` of officerReviewsQueryOptions).
 */
export function OfficerReviews({ officerId }: { officerId: number }) {
  // A link to a review (a notification's, a mail's: #review-{id}) opens on it. The reviews arrive
  // after the page, too late for the browser's own jump to the anchor, so the review's item scrolls
  // itself into view when it appears; a ref callback runs only then (and when the anchor changes),
  // so a later render does not pull the reader back.
  const { hash } = useLocation();
  const scrollIntoViewIfLinked = useCallback(
    (item: HTMLElement | null) => {
      if (item && hash === `#${item.id}`) item.scrollIntoView();
    },
    [hash],
  );
  const [sort, setSort] = useReviewSortParam();
  // The officer himself cannot review his own page, so it does not invite him to.
  const { user } = useAuth();
  const sortId = useId();
  const list = useRef<HTMLUListElement>(null);
  const { data, error, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    officerReviewsQueryOptions(officerId, sort),
  );

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // After a failed page the sentinel stops, so a broken API is not asked again on every scroll.
  const sentinelRef = useWhenVisible<HTMLDivElement>(loadMore, hasNextPage && !isFetchingNextPage && !isFetchNextPageError);

  const { reviews, totalCount } = collectLoadedReviews(data?.pages ?? []);
  // A card a frame: each one's votes, flag and reply controls are a handful of query observers, and
  // five at once made one long task of the officer page's load (docs/performance.md).
  const shownCount = useStagedParts(reviews.length);
  const isListComplete = shownCount >= reviews.length;

  return (
    <section aria-labelledby="officer-reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="officer-reviews-heading" className="text-2xl font-bold">
          Reviews
          {data && <span className="ml-2 text-base font-normal text-stone-600">({totalCount})</span>}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Label htmlFor={sortId}>{officerMessages.reviewSortLabel}</Label>
            <Select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
              {REVIEW_SORTS.map((value) => (
                <option key={value} value={value}>
                  {officerMessages.reviewSortNames[value]}
                </option>
              ))}
            </Select>
          </div>
          <ReviewButton officerId={officerId} />
        </div>
      </div>

      {isPending ? (
        <ReviewListSkeleton />
      ) : isError && !data ? (
        <LoadFailedAlert title="The reviews could not be loaded." error={error} onRetry={() => void refetch()} />
      ) : reviews.length === 0 ? (
        <EmptyState title={commonMessages.noReviewsYet}>
          {isOwnOfficerProfile(user, officerId) ? officerMessages.noReviewsOwnProfile : officerMessages.noReviewsInvite}
        </EmptyState>
      ) : (
        <>
          <ul ref={list} className="space-y-4" aria-label="Reviews">
            {reviews.slice(0, shownCount).map((review) => (
              <li key={review.id} id={reviewAnchorId(review.id)} ref={scrollIntoViewIfLinked} className="scroll-mt-20">
                {/* Owner and admin actions (edit, delete) join the votes and the flag in a later issue. */}
                <ReviewCard
                  review={review}
                  reply={<ReviewReply review={review} />}
                  actions={
                    <>
                      <ReviewVotes review={review} />
                      <ReviewFlag review={review} />
                      <AdminReviewDeleteAction review={review} />
                      <ReviewReplyActions review={review} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          {/* Only below the whole list: a list still arriving would put it in view and ask for the next page. */}
          {isListComplete && <div ref={sentinelRef} aria-hidden />}
          {/* Under the first page once it is complete, so the cards arriving do not push it down the screen;
              from the second page on it stays, its count announced as more arrive. */}
          {(isListComplete || (data?.pages.length ?? 0) > 1) && (
            <PagedListFooter
              shown={`Showing ${reviews.length} of ${totalCount} review${totalCount === 1 ? '' : 's'}`}
              nextPageError={isFetchNextPageError ? error : null}
              hasNextPage={hasNextPage}
              isLoading={isFetchingNextPage}
              onLoadMore={loadMore}
              label={officerMessages.loadMoreReviews}
              loadingLabel={officerMessages.loadingMoreReviews}
              list={list}
            />
          )}
        </>
      )}
    </section>
  );
}

function ReviewListSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading reviews">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="rounded-lg border border-stone-200 bg-surface p-5 shadow-sm">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-24" />
          </div>
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-3/4" />
          <Skeleton className="mt-4 h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
