import { usePrefetchInfiniteQuery, useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { Suspense, lazy, type CSSProperties, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AuthUser, Officer, OfficerDetail } from '#core/api';
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS, REVIEW_PAGE_SIZE } from '#core/constants';
import { officerMessages } from '#core/messages/officer';
import { steamMessages } from '#core/messages/steam';
import { waveMessages } from '#core/messages/waves';
import { RECENT_MIN_REVIEWS } from '#core/rating-math';
import { wouldServePercent, type WouldServeCounts } from '#core/would-serve';
import { useAuth } from '#web/api/auth';
import { officerQueryOptions } from '#web/api/officers';
import { officerReviewsQueryOptions } from '#web/api/reviews';
import { CompareWithLink } from '#web/components/domain/compare-with-link';
import { SideBadge, sideTheme } from '#web/components/domain/side-badge';
import { FewReviews } from '#web/components/rating/few-reviews';
import { NotYetRated } from '#web/components/rating/not-yet-rated';
import { RatingBar, RatingValue } from '#web/components/rating/rating-value';
import { StarRating } from '#web/components/rating/star-rating';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { ShareButton } from '#web/components/share-button';
import { Skeleton } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { ResourceNotFound } from '#web/components/resource-not-found';
import { ApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { parsePositiveId } from '#core/parse-id';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useStagedParts } from '#web/lib/use-staged-parts';
import { useSteamLinkResult } from '#web/api/use-steam-link-result';
import { chooseOfficerManagement } from './officer-management';
import type { OfficerSectionName } from './officer-sections';
import { PanelTitle } from './panel-title';
import { ReviewWaveNotice } from './review-wave-notice';
import { useReviewSortParam } from './use-review-sort-param';

// Edit and delete (and their forms) load only for the officer's owner or an admin.
const OfficerManageActions = lazy(() => import('./officer-manage-actions').then((m) => ({ default: m.OfficerManageActions })));
// Follow or Unfollow (issue 36) loads for a signed-in reader only.
const FollowButton = lazy(() => import('#web/components/domain/follow-button').then((m) => ({ default: m.FollowButton })));
// What a phone's first screen does not show (the reviews, the trend, the statistics) loads after the
// first paint, in a chunk of its own (officer-sections.tsx).
const loadOfficerSections = () => import('./officer-sections');
const OfficerSection = lazy(() => loadOfficerSections().then((m) => ({ default: m.OfficerSection })));

/** The sections below the first screen, rendered one per frame in this order (a phone's, top to bottom). */
const SECTION_ORDER: readonly OfficerSectionName[] = ['reviews', 'recentRatings', 'ratingTrend', 'ratingDistribution', 'gameStatistics'];

/** /officer/{id} (spec section 2). A malformed id never reaches the API. */
function OfficerPage() {
  // The Steam link started by 'Connect Steam to Review' comes back here.
  useSteamLinkResult();
  const id = parsePositiveId(useParams().id);
  if (id === null) return <ResourceNotFound icon={UserRound} title={officerMessages.notFound} />;
  return <OfficerProfile key={id} id={id} />;
}

function OfficerProfile({ id }: { id: number }) {
  const { data: officer, error, isError, refetch } = useQuery(officerQueryOptions(id));
  // Read with the page: the auth status is fresh only between its 10-second polls, so a reader
  // mounted later (with the officer's actions) could ask for it again.
  const { user } = useAuth();
  // The reviews render a few frames after the officer, but are asked for with it, as the first
  // screen does (app/first-screen.ts): the same query, its first page in the order the address names.
  const [reviewSort] = useReviewSortParam();
  usePrefetchInfiniteQuery(officerReviewsQueryOptions(id, reviewSort));
  useDocumentTitle(officer ? `${officer.rank} ${officer.name}` : 'Officer');

  // A failed background refetch keeps the officer we already show.
  if (isError && !officer) {
    if (error instanceof ApiError && error.status === 404) return <ResourceNotFound icon={UserRound} title={officerMessages.notFound} />;
    return <LoadFailedAlert title={officerMessages.loadFailed} error={error} onRetry={() => void refetch()} />;
  }

  return (
    <div className="space-y-8">
      {officer ? <OfficerHeader officer={officer} user={user} /> : <OfficerHeaderSkeleton />}
      {officer && <ReviewWaveNotice wave={officer.openWave} />}
      {officer ? <OfficerPanels officer={officer} /> : <OfficerPanelsSkeleton />}
    </div>
  );
}

/**
 * The header and the rating breakdown are the first screen and render with the page; every other
 * section follows a frame at a time behind a placeholder of its height (useStagedParts), so the
 * first paint is not held up by them and the page below does not jump when they arrive.
 */
function OfficerPanels({ officer }: { officer: OfficerDetail }) {
  const shown = useStagedParts(SECTION_ORDER.length, loadOfficerSections);
  const section = (name: OfficerSectionName, placeholder: ReactNode) => (
    // The boundary shows the placeholder from the start, so a section whose code is still loading
    // keeps it (its update is a transition) instead of swapping it for an identical fallback.
    <Suspense fallback={placeholder}>
      {shown > SECTION_ORDER.indexOf(name) ? <OfficerSection name={name} officer={officer} placeholder={placeholder} /> : placeholder}
    </Suspense>
  );
  return (
    <PanelsLayout
      breakdown={<RatingBreakdown officer={officer} />}
      // The list shows the reviews being checked too (review-wave-notice.tsx).
      reviews={section('reviews', <ReviewsPlaceholder reviewCount={officer.reviewCount + (officer.openWave?.heldCount ?? 0)} />)}
      details={
        <>
          {officer.recent.reviewCount >= RECENT_MIN_REVIEWS &&
            section('recentRatings', <RecentRatingsPlaceholder reviewCount={officer.recent.reviewCount} />)}
          {section('ratingTrend', <RatingTrendPlaceholder />)}
          {section('ratingDistribution', <RatingDistributionPlaceholder distribution={officer.distribution.overall} />)}
          <OfficerInformation officer={officer} />
          {section('gameStatistics', <GameStatisticsPlaceholder hasSteamAccount={officer.linkedSteamId !== null} />)}
        </>
      }
    />
  );
}

/**
 * A phone reads the summary, then the reviews, then the details (issue 36, item 6: the reviews
 * started after six panels, about 2,200 px down); a wide screen keeps the breakdown and the details
 * in the left column beside the reviews, which span both of its rows.
 */
function PanelsLayout({ breakdown, reviews, details }: { breakdown: ReactNode; reviews: ReactNode; details: ReactNode }) {
  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3 lg:gap-y-6">
      <div className="lg:col-start-1 lg:row-start-1">{breakdown}</div>
      <div className="lg:col-span-2 lg:col-start-2 lg:row-span-2 lg:row-start-1">{reviews}</div>
      <div className="space-y-6 lg:col-start-1 lg:row-start-2">{details}</div>
    </div>
  );
}

function OfficerHeader({ officer, user }: { officer: OfficerDetail; user: AuthUser | null }) {
  const reviews = officer.reviewCount;
  return (
    <header className={cn('overflow-hidden rounded-xl bg-linear-to-r text-white shadow-md', sideTheme(officer.side.code).header)}>
      <div className="flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8">
        {officer.profileImageUrl ? (
          <img
            src={officer.profileImageUrl}
            alt=""
            width={112}
            height={112}
            className="h-28 w-28 shrink-0 rounded-full object-cover ring-4 ring-white/30"
          />
        ) : (
          <span
            className="flex h-28 w-28 shrink-0 items-center justify-center rounded-full bg-white/10 text-white/70 ring-4 ring-white/30"
            aria-hidden
          >
            <UserRound className="h-14 w-14" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-widest text-white/80 uppercase">{officer.rank}</p>
          <h1 className="mt-1 text-3xl font-bold break-words sm:text-4xl">{officer.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-white/90">
            <Link to={`/regiment/${officer.regimentId}`} className="hover:underline">
              {officer.regimentName}
            </Link>
            <SideBadge name={officer.side.name} code={officer.side.code} className="ring-1 ring-white/40" />
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {user && (
              <Suspense fallback={null}>
                <FollowButton target={{ type: 'officer', id: officer.id, name: officer.name }} userId={user.id} />
              </Suspense>
            )}
            <CompareWithLink kind="officers" id={officer.id} className="flex w-fit" />
            <ShareButton title={`${officer.rank} ${officer.name}`} />
          </div>
          {chooseOfficerManagement(user, officer.id) && (
            <Suspense fallback={null}>
              <OfficerManageActions officer={officer} user={user} />
            </Suspense>
          )}
        </div>
        <div className="rounded-lg bg-surface px-5 py-4 text-ink shadow-sm" role="group" aria-label="Average rating">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating value={officer.averageRating} size="lg" />
            <RatingValue value={officer.averageRating} outOf className="text-2xl" />
            <NotYetRated reviewCount={officer.reviewCount} />
            {/* The same mark and rule as the officer's card in search (issue 36, item 6). */}
            <FewReviews reviewCount={officer.reviewCount} />
          </div>
          <p className="mt-1 text-sm text-stone-600">
            {officer.openWave ? waveMessages.headerCounts(reviews, officer.openWave.heldCount) : `${reviews} review${reviews === 1 ? '' : 's'}`}
          </p>
          <WouldServeLine counts={officer.wouldServeAgain} />
        </div>
      </div>
    </header>
  );
}

/** '82% would serve again' (issue 36, item 4), from WOULD_SERVE_MIN_ANSWERS answers on; nothing below. */
function WouldServeLine({ counts }: { counts: WouldServeCounts }) {
  const percent = wouldServePercent(counts);
  if (percent === null) return null;
  return (
    <p className="mt-1 text-sm">
      <span className="font-semibold">{officerMessages.wouldServePercent(percent)}</span>{' '}
      <span className="text-stone-600">({officerMessages.wouldServeBasis(counts.yes + counts.no)})</span>
    </p>
  );
}

function RatingBreakdown({ officer }: { officer: Officer }) {
  return (
    <Card>
      <CardHeader>
        <PanelTitle>Rating Breakdown</PanelTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {RATING_CATEGORIES.map((category) => (
          <RatingBar key={category} label={RATING_CATEGORY_LABELS[category]} value={officer[`${category}Rating`]} />
        ))}
      </CardContent>
    </Card>
  );
}

function OfficerInformation({ officer }: { officer: Officer }) {
  return (
    <Card>
      <CardHeader>
        <PanelTitle>Officer Information</PanelTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <InfoRow term="Rank">{officer.rank}</InfoRow>
          <InfoRow term="Regiment">
            <Link to={`/regiment/${officer.regimentId}`} className="font-medium text-link hover:underline">
              {officer.regimentName}
            </Link>
          </InfoRow>
          <InfoRow term="Side">{officer.side.name}</InfoRow>
          <InfoRow term="Regiment Description">
            <p className="whitespace-pre-line text-stone-700">{officer.regiment.description || officerMessages.noDescription}</p>
          </InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function InfoRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/**
 * The header's lines at their real heights (rank, name, and the regiment with its side badge, which
 * wrap onto two lines below the widest layout), so the page below does not jump when it loads.
 */
function OfficerHeaderSkeleton() {
  return (
    <div className="rounded-xl border border-stone-200 bg-surface p-6 shadow-md sm:p-8" role="status" aria-label="Loading officer">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="h-28 w-28 shrink-0 overflow-hidden rounded-full">
          <Skeleton className="h-full w-full" />
        </div>
        <div className="flex-1">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="mt-1 h-9 w-64 sm:h-10" />
          <div className="mt-2 flex flex-col items-start gap-2 lg:flex-row">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-6 w-24" />
          </div>
          {/* 'Compare with…' */}
          <Skeleton className="mt-3 h-5 w-32" />
        </div>
        <Skeleton className="h-22 w-48" />
      </div>
    </div>
  );
}

/** The page while the officer loads: the panels' skeletons and the reviews' placeholder where they will be. */
function OfficerPanelsSkeleton() {
  return <PanelsLayout breakdown={<BreakdownSkeleton />} reviews={<ReviewsPlaceholder />} details={<DetailsSkeleton />} />;
}

/*
 * The placeholders of the sections below the first screen take the height their section will have
 * (the same card, title and line heights; the sentences that wrap, which a phone breaks onto two or
 * three lines, as transparent text), so the page does not move when a section arrives. They are
 * still grey blocks, not pulsing skeletons: they last a few frames, and every animation that starts
 * is an event the page handles and a style change each frame, the work the first screen must avoid.
 * Each is one status for a screen reader ('Loading the rating trend'), its drawing hidden.
 */

function Block({ className, children }: { className: string; children?: string }) {
  return <div className={cn('rounded-md bg-stone-200', children !== undefined && 'text-transparent', className)}>{children}</div>;
}

function PanelPlaceholder({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <Card role="status" aria-label={label}>
      <CardHeader aria-hidden>
        <Block className="w-fit text-lg leading-tight font-semibold">{title}</Block>
      </CardHeader>
      <CardContent aria-hidden>{children}</CardContent>
    </Card>
  );
}

/** The note under a panel (text-xs), at its wrapped height. */
function NotePlaceholder({ children }: { children: string }) {
  return <Block className="mt-3 text-xs">{children}</Block>;
}

function RecentRatingsPlaceholder({ reviewCount }: { reviewCount: number }) {
  return (
    <PanelPlaceholder label="Loading the recent ratings" title={officerMessages.recentTitle}>
      {/* The table: a line of column titles over five rows (overall and each category). */}
      <Block className="h-[189px]" />
      <NotePlaceholder>{officerMessages.recentBasis(reviewCount)}</NotePlaceholder>
    </PanelPlaceholder>
  );
}

function RatingTrendPlaceholder() {
  return (
    <PanelPlaceholder label="Loading the rating trend" title={officerMessages.trendTitle}>
      {/* The chart's box (viewBox 240 × 80, rating-trend.tsx) over its line of month names. */}
      <Block className="aspect-[3/1] w-full" />
      <Block className="mt-1 h-4" />
    </PanelPlaceholder>
  );
}

function RatingDistributionPlaceholder({ distribution }: { distribution: readonly number[] }) {
  const hasReviews = distribution.some((count) => count > 0);
  return (
    <PanelPlaceholder label="Loading the rating distribution" title={officerMessages.distributionTitle}>
      {hasReviews ? (
        <>
          {/* A bar per star, five lines of text-sm 0.5rem apart. */}
          <Block className="h-33" />
          <NotePlaceholder>{officerMessages.distributionRounding}</NotePlaceholder>
        </>
      ) : (
        <Block className="text-sm">{officerMessages.distributionEmpty}</Block>
      )}
    </PanelPlaceholder>
  );
}

/** The tiles of a linked Steam account (steam-stats-tiles.tsx), or the line that says there is none. */
function GameStatisticsPlaceholder({ hasSteamAccount }: { hasSteamAccount: boolean }) {
  return (
    <PanelPlaceholder label="Loading game statistics" title={steamMessages.gameStatistics}>
      {hasSteamAccount ? <Block className="h-[246px]" /> : <Block className="text-sm">{steamMessages.officerNoLinkedAccount}</Block>}
    </PanelPlaceholder>
  );
}

/**
 * The reviews' heading row (the title, the sort control, the review button) over a block for the
 * first page of them. Review cards differ in height; the block is near a phone's average. On a wide
 * screen nothing follows it but the footer; on a phone the details follow, below the first screen.
 */
function ReviewsPlaceholder({ reviewCount = REVIEW_PAGE_SIZE }: { reviewCount?: number }) {
  const cards = Math.min(reviewCount, REVIEW_PAGE_SIZE);
  return (
    <div className="space-y-4" role="status" aria-label="Loading reviews">
      <div className="flex flex-wrap items-center justify-between gap-3" aria-hidden>
        <Block className="h-8 w-40" />
        <Block className="h-10 w-72" />
      </div>
      {/* About a card's height on a phone, and on the wider column beside the panels. */}
      <div
        className="h-[calc(max(var(--cards),0.5)*22rem)] rounded-md bg-stone-200 lg:h-[calc(max(var(--cards),0.7)*15rem)]"
        style={{ '--cards': cards } as CSSProperties}
      />
    </div>
  );
}

function BreakdownSkeleton() {
  return (
    <Card className="space-y-4 p-5">
      <Skeleton className="h-5 w-40" />
      {RATING_CATEGORIES.map((category) => (
        <div key={category} className="flex items-center gap-3">
          <Skeleton className="h-4 w-28" />
          <div className="h-2.5 flex-1 overflow-hidden rounded-full">
            <Skeleton className="h-full w-full" />
          </div>
        </div>
      ))}
    </Card>
  );
}

function DetailsSkeleton() {
  return (
    <>
      <Card className="space-y-3 p-5">
        <Skeleton className="mb-4 h-5 w-44" />
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-2">
            <Skeleton className="h-4 w-8" />
            <div className="h-2.5 flex-1 overflow-hidden rounded-full">
              <Skeleton className="h-full w-full" />
            </div>
            <Skeleton className="h-4 w-8" />
          </div>
        ))}
      </Card>
      <Card className="space-y-4 p-5">
        <Skeleton className="h-5 w-44" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-36" />
          </div>
        ))}
      </Card>
    </>
  );
}

export { OfficerPage as Component };
