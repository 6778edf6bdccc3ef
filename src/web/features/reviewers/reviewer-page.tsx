import { useInfiniteQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { Reviewer } from '#core/api';
import { formatMonthYear } from '#core/date';
import { reviewerProfileMessages as M } from '#core/messages/reviewer-profile';
import { reviewerSignalsMessages } from '#core/messages/reviewer-signals';
import { parsePositiveId } from '#core/parse-id';
import { reviewerProfileQueryOptions } from '#web/api/reviewers';
import { AdminReviewDeleteAction } from '#web/components/domain/admin-review-delete-action';
import { ReviewCard } from '#web/components/domain/review-card';
import { ReviewFlag } from '#web/components/domain/review-flag';
import { ReviewReplyBody } from '#web/components/domain/review-reply-body';
import { ReviewVotes } from '#web/components/domain/review-votes';
import { SteamProfileLink } from '#web/components/domain/steam-profile-link';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { PagedListFooter } from '#web/components/load-more-button';
import { ResourceNotFound } from '#web/components/resource-not-found';
import { EmptyState, Skeleton } from '#web/components/ui/feedback';
import { ApiError } from '#web/lib/api-client';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** /reviewer/{id} (issue 36, item 3): who wrote a review. A malformed id never reaches the API. */
function ReviewerPage() {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <ResourceNotFound icon={UserRound} title={M.pageNotFound} />;
  return <ReviewerProfileView key={id} id={id} />;
}

function ReviewerProfileView({ id }: { id: number }) {
  const { data, error, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    reviewerProfileQueryOptions(id),
  );
  const list = useRef<HTMLUListElement>(null);
  // The newest page's profile: the freshest the server gave.
  const latest = data?.pages.at(-1);
  useDocumentTitle(latest ? M.documentTitle(latest.reviewer.username) : M.fallbackTitle);

  // A failed background refetch keeps the profile we already show. Banned and deleted accounts answer 404.
  if (isError && !latest) {
    if (error instanceof ApiError && error.status === 404) return <ResourceNotFound icon={UserRound} title={M.pageNotFound} />;
    return <LoadFailedAlert title={M.loadFailed} error={error} onRetry={() => void refetch()} />;
  }
  if (!data || !latest) return <ReviewerSkeleton />;

  const reviews = data.pages.flatMap((page) => page.reviews);
  return (
    <div className="space-y-8">
      <ReviewerHeader reviewer={latest.reviewer} reviewCount={latest.totalCount} />
      <section aria-labelledby="reviewer-reviews-heading" className="space-y-4">
        <h2 id="reviewer-reviews-heading" className="text-2xl font-bold">
          {M.reviewsHeading}
          <span className="ml-2 text-base font-normal text-stone-600">({latest.totalCount})</span>
        </h2>
        {reviews.length === 0 ? (
          <EmptyState title={M.noReviews} />
        ) : (
          <>
            <ul ref={list} className="space-y-4" aria-label={M.reviewsHeading}>
              {reviews.map((review) => (
                <li key={review.id}>
                  {/* Read, voted on and flagged as on the officer's page; the reply's own controls stay there. */}
                  <ReviewCard
                    review={review}
                    showOfficer
                    reply={review.reply ? <ReviewReplyBody review={review} /> : null}
                    actions={
                      <>
                        <ReviewVotes review={review} />
                        <ReviewFlag review={review} />
                        <AdminReviewDeleteAction review={review} />
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
            <PagedListFooter
              shown={M.showing(reviews.length, latest.totalCount)}
              nextPageError={isFetchNextPageError ? error : null}
              hasNextPage={hasNextPage}
              isLoading={isFetchingNextPage}
              onLoadMore={() => void fetchNextPage()}
              label={M.loadMore}
              loadingLabel={M.loadingMore}
              list={list}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The name, the Steam link, what the site knows of them (as beside their reviews) and their regiment if they are an officer. */
function ReviewerHeader({ reviewer, reviewCount }: { reviewer: Reviewer; reviewCount: number }) {
  const signals = [
    reviewer.level === undefined ? null : reviewerSignalsMessages.level(reviewer.level),
    reviewer.totalGames === null ? null : reviewerSignalsMessages.games(reviewer.totalGames),
    reviewerSignalsMessages.reviews(reviewCount),
    reviewerSignalsMessages.memberSince(formatMonthYear(reviewer.memberSince)),
  ].filter((part) => part !== null);
  return (
    <header className="rounded-xl border border-stone-200 bg-surface p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-3xl font-bold break-words">{reviewer.username}</h1>
        {reviewer.steamId && <SteamProfileLink steamId={reviewer.steamId} name={reviewer.username} />}
      </div>
      <p className="mt-2 text-sm text-stone-600">
        <span className="sr-only">{reviewerSignalsMessages.label}: </span>
        {signals.join(' · ')}
      </p>
      {reviewer.officer && (
        <p className="mt-3 text-sm">
          <span className="font-semibold">{M.officerOf}: </span>
          <Link to={`/officer/${reviewer.officer.id}`} className="text-link hover:underline">
            {reviewer.officer.rank} {reviewer.officer.name}
          </Link>{' '}
          of{' '}
          <Link to={`/regiment/${reviewer.officer.regiment.id}`} className="text-link hover:underline">
            {reviewer.officer.regiment.name}
          </Link>
        </p>
      )}
    </header>
  );
}

function ReviewerSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-label={M.loading}>
      <div className="space-y-3 rounded-xl border border-stone-200 bg-surface p-6 shadow-sm sm:p-8">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

export { ReviewerPage as Component };
