import { useQuery } from '@tanstack/react-query';
import { Shield } from 'lucide-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { AuthUser, Regiment } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { officerMessages } from '#core/messages/officer';
import { regimentMessages } from '#core/messages/regiment';
import { useAuth } from '#web/api/auth';
import { regimentOfficersQueryOptions } from '#web/api/officers';
import { regimentQueryOptions } from '#web/api/regiments';
import { OfficerCard } from '#web/components/domain/officer-card';
import { CompareWithLink } from '#web/components/domain/compare-with-link';
import { SideBadge, sideTheme } from '#web/components/domain/side-badge';
import { RatingValue } from '#web/components/rating/rating-value';
import { StarRating } from '#web/components/rating/star-rating';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { ShareButton } from '#web/components/share-button';
import { EmptyState, Skeleton } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { ResourceNotFound } from '#web/components/resource-not-found';
import { ApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { parsePositiveId } from '#core/parse-id';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { chooseRegimentManagement } from './regiment-management';
import { RegimentFactsPanel } from './regiment-facts-panel';

// Edit and delete (and their forms) load only for the regiment's owner or an admin.
const RegimentManageActions = lazy(() => import('./regiment-manage-actions').then((m) => ({ default: m.RegimentManageActions })));
// Follow or Unfollow (issue 36) loads for a signed-in reader only.
const FollowButton = lazy(() => import('#web/components/domain/follow-button').then((m) => ({ default: m.FollowButton })));

/** /regiment/{id} (spec section 2). A malformed id never reaches the API. */
function RegimentPage() {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <ResourceNotFound icon={Shield} title={regimentMessages.notFound} />;
  return <RegimentProfile key={id} id={id} />;
}

function RegimentProfile({ id }: { id: number }) {
  const { data: regiment, error, isError, refetch } = useQuery(regimentQueryOptions(id));
  // Read with the page: the auth status is always stale, so a reader mounted later (with the
  // regiment's actions) would ask for it again.
  const { user } = useAuth();
  useDocumentTitle(regiment ? regiment.name : 'Regiment');

  // A failed background refetch keeps the regiment we already show.
  if (isError && !regiment) {
    if (error instanceof ApiError && error.status === 404) return <ResourceNotFound icon={Shield} title={regimentMessages.notFound} />;
    return <LoadFailedAlert title="This regiment could not be loaded." error={error} onRetry={() => void refetch()} />;
  }

  // The officers load alongside the regiment, so the grid stays mounted from skeleton to content.
  return (
    <div className="space-y-8">
      {regiment ? <RegimentHeader regiment={regiment} user={user} /> : <RegimentHeaderSkeleton />}
      {regiment && chooseRegimentManagement(user, regiment).canEdit && (
        <Suspense fallback={null}>
          <RegimentManageActions regiment={regiment} user={user} />
        </Suspense>
      )}
      {regiment ? <AboutRegiment regiment={regiment} /> : <AboutSkeleton />}
      {regiment && <RegimentFactsPanel regiment={regiment} />}
      <RegimentOfficers regimentId={id} />
    </div>
  );
}

/**
 * Coloured by side, as the officer's header is. A banner, when the regiment has one, sits on top
 * with the icon over its lower edge; without one the header is just its coloured block (it used to
 * keep a banner-sized box that showed as 220 px of blank white on every regiment without a banner).
 */
function RegimentHeader({ regiment, user }: { regiment: Regiment; user: AuthUser | null }) {
  const hasBanner = Boolean(regiment.bannerImageUrl);
  return (
    <header className={cn('overflow-hidden rounded-xl bg-linear-to-r text-white shadow-md', sideTheme(regiment.side.code).header)}>
      {regiment.bannerImageUrl && (
        <img src={regiment.bannerImageUrl} alt={`${regiment.name} banner`} width={1200} height={300} className="h-36 w-full object-cover sm:h-56" />
      )}
      <div className={cn('flex flex-col gap-6 sm:flex-row', hasBanner ? 'px-6 pb-6 sm:items-end sm:px-8 sm:pb-8' : 'p-6 sm:items-center sm:p-8')}>
        {regiment.iconImageUrl ? (
          <img
            src={regiment.iconImageUrl}
            alt={`${regiment.name} icon`}
            width={112}
            height={112}
            className={cn('h-28 w-28 shrink-0 rounded-lg bg-surface object-cover ring-4 ring-white/30', hasBanner && '-mt-14')}
          />
        ) : (
          <span
            className={cn(
              'flex h-28 w-28 shrink-0 items-center justify-center rounded-lg bg-white/10 text-white/70 ring-4 ring-white/30',
              hasBanner && '-mt-14',
            )}
            aria-hidden
          >
            <Shield className="h-14 w-14" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold break-words sm:text-4xl">{regiment.name}</h1>
          <SideBadge name={regiment.side.name} code={regiment.side.code} className="mt-2 ring-1 ring-white/40" />
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {user && (
              <Suspense fallback={null}>
                <FollowButton target={{ type: 'regiment', id: regiment.id, name: regiment.name }} userId={user.id} />
              </Suspense>
            )}
            <CompareWithLink kind="regiments" id={regiment.id} className="flex w-fit" />
            <ShareButton title={regiment.name} />
          </div>
        </div>
        <dl className="flex flex-wrap gap-x-8 gap-y-3 rounded-lg bg-surface px-5 py-4 text-sm text-ink shadow-sm">
          <Stat term="Average rating">
            <span className="flex flex-wrap items-center gap-2">
              {/* Unrated: words, not a large 0.0/5.0 that reads as the worst rating (issue 36, item 6). */}
              {regiment.reviewCount ? (
                <>
                  <StarRating value={regiment.averageRating} />
                  <RatingValue value={regiment.averageRating} outOf className="text-lg" />
                </>
              ) : (
                commonMessages.noReviewsYet
              )}
            </span>
          </Stat>
          <Stat term="Reviews">{regiment.reviewCount}</Stat>
          <Stat term="Officers">{regiment.officerCount}</Stat>
        </dl>
      </div>
    </header>
  );
}

function Stat({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function AboutRegiment({ regiment }: { regiment: Regiment }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{regimentMessages.about}</h2>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-line break-words text-stone-700">{regiment.description || officerMessages.noDescription}</p>
      </CardContent>
    </Card>
  );
}

function RegimentOfficers({ regimentId }: { regimentId: number }) {
  const { data: officers, error, isPending, isError, refetch } = useQuery(regimentOfficersQueryOptions(regimentId));
  return (
    <section aria-labelledby="regiment-officers-heading" className="space-y-4">
      <h2 id="regiment-officers-heading" className="text-2xl font-bold">
        Officers
      </h2>
      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading officers">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="flex gap-4 rounded-lg border border-stone-200 bg-surface p-4 shadow-sm">
              <div className="h-14 w-14 shrink-0 overflow-hidden rounded-full">
                <Skeleton className="h-full w-full" />
              </div>
              <div className="flex-1 space-y-2">
                {/* Two lines, as the cards here: no regiment name under the officer's. */}
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            </div>
          ))}
        </div>
      ) : isError && !officers ? (
        <LoadFailedAlert title="The officers could not be loaded." error={error} onRetry={() => void refetch()} />
      ) : officers.length === 0 ? (
        <EmptyState title={commonMessages.noOfficers}>No officers have joined this regiment yet.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Officers of the regiment">
          {officers.map((officer) => (
            <li key={officer.id}>
              <OfficerCard officer={officer} showRegiment={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The header without a banner (most regiments have none), so the page below does not jump when it loads. */
function RegimentHeaderSkeleton() {
  return (
    <div className="rounded-xl border border-stone-200 bg-surface p-6 shadow-md sm:p-8" role="status" aria-label="Loading regiment">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="h-28 w-28 shrink-0 overflow-hidden rounded-lg">
          <Skeleton className="h-full w-full" />
        </div>
        <div className="flex-1 space-y-2">
          <Skeleton className="h-9 w-64" />
          <div className="h-5 w-20 overflow-hidden rounded-full">
            <Skeleton className="h-full w-full" />
          </div>
          {/* 'Compare with…' */}
          <Skeleton className="mt-3 h-5 w-32" />
        </div>
        <Skeleton className="h-20 w-72 max-w-full" />
      </div>
    </div>
  );
}

function AboutSkeleton() {
  return (
    <Card className="space-y-3 p-5">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  );
}

export { RegimentPage as Component };
