import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Officer } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { officerMessages } from '#core/messages/officer';
import { reviewsMessages } from '#core/messages/reviews';
import { isOwnOfficerProfile } from '#core/permissions';
import type { ReviewForm as ReviewFormValues } from '#core/schemas/review';
import { useAuth } from '#web/api/auth';
import { officerQueryOptions } from '#web/api/officers';
import { myReviewsQueryOptions, useCreateReview } from '#web/api/reviews';
import { AccountSuspendedNotice } from '#web/components/domain/account-suspended-notice';
import { SideBadge, sideTheme } from '#web/components/domain/side-badge';
import { Button } from '#web/components/ui/button';
import { Alert, Skeleton, Spinner } from '#web/components/ui/feedback';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { parsePositiveId } from '#core/parse-id';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { ResourceNotFound } from '#web/components/resource-not-found';
import { requireReviewWriter } from './review-access';
import { buildReviewBody } from './review-body';
import { ReviewForm } from './review-form';

const PAGE_TITLE = officerMessages.writeReview;

/**
 * /create-review/{officerId} (spec sections 2 and 6): only for a signed-in user with a linked Steam
 * account; one review per officer, so someone who already reviewed this officer is sent to My Reviews;
 * nobody reviews their own officer profile (issue 13), so its linked account gets that said instead.
 */
function CreateReviewPage() {
  const officerId = parsePositiveId(useParams().officerId);
  const { user, isLoading } = useAuth();
  const access = requireReviewWriter({ user, isAuthLoading: isLoading });

  if (access.kind === 'pending') return <CheckingAccount />;
  if (access.kind === 'redirect') return <RedirectWithNotice redirect={access} />;
  if (access.kind === 'suspended') return <AccountSuspended officerId={officerId} />;
  // A malformed id never reaches the API.
  if (officerId === null) return <ResourceNotFound icon={UserRound} title={officerMessages.notFound} />;
  return <CreateReview key={officerId} officerId={officerId} isOwnProfile={isOwnOfficerProfile(access.user, officerId)} />;
}

/** A suspended account learns it before writing: no form, the reason, and the way back. */
function AccountSuspended({ officerId }: { officerId: number | null }) {
  useDocumentTitle(PAGE_TITLE);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold text-primary">{PAGE_TITLE}</h1>
      <AccountSuspendedNotice />
      {officerId !== null && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/officer/${officerId}`}>Back to the officer</Link>
        </Button>
      )}
    </div>
  );
}

function CheckingAccount() {
  useDocumentTitle(PAGE_TITLE);
  return <Spinner label={commonMessages.checkingAccount} />;
}

function CreateReview({ officerId, isOwnProfile }: { officerId: number; isOwnProfile: boolean }) {
  const navigate = useNavigate();
  const officerQuery = useQuery(officerQueryOptions(officerId));
  // Only to find an existing review of this officer: no polling while the user writes.
  const myReviews = useQuery({ ...myReviewsQueryOptions(), refetchInterval: false, enabled: !isOwnProfile });
  const createReview = useCreateReview();

  const officer = officerQuery.data;
  const isMissing = officerQuery.error instanceof ApiError && officerQuery.error.status === 404;
  useDocumentTitle(isMissing ? officerMessages.notFound : officer ? `Review ${officer.rank} ${officer.name}` : PAGE_TITLE);

  // A failed background refetch keeps the officer we already show.
  if (officerQuery.isError && !officer) {
    if (isMissing) return <ResourceNotFound icon={UserRound} title={officerMessages.notFound} />;
    return <LoadFailedAlert title={officerMessages.loadFailed} error={officerQuery.error} onRetry={() => void officerQuery.refetch()} />;
  }

  const officerPath = `/officer/${officerId}`;
  const hasReviewed = myReviews.data?.some((review) => review.officerId === officerId) ?? false;

  const submit = (values: ReviewFormValues) =>
    createReview.mutate(buildReviewBody(values, officerId), {
      onSuccess: () => {
        toast({ title: reviewsMessages.submittedTitle, description: 'Thank you for your review.' });
        // Replace: Back from the officer page should not return to a form for a review that now exists.
        void navigate(officerPath, { replace: true });
      },
      onError: (error) => toast({ title: reviewsMessages.submissionFailedTitle, description: errorMessage(error), variant: 'destructive' }),
    });

  let body: ReactNode;
  if (isOwnProfile) {
    // The server refuses it too (403); saying so here spares writing a review for nothing.
    body = <OwnOfficerProfile officerPath={officerPath} />;
  } else if (myReviews.isPending) {
    body = <Spinner label="Checking your reviews…" />;
  } else if (hasReviewed && !createReview.isPending && !createReview.isSuccess) {
    // (Right after a successful submit the refreshed list holds the new review; the page is leaving.)
    body = <AlreadyReviewed officerPath={officerPath} />;
  } else {
    // If the list could not be loaded, the form still shows: the server refuses a second review (409).
    body = (
      <ReviewForm
        submitLabel={reviewsMessages.submitReview}
        pendingLabel="Submitting…"
        isSubmitting={createReview.isPending || createReview.isSuccess}
        onSubmit={submit}
        onCancel={() => void navigate(officerPath)}
      />
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold text-primary">{PAGE_TITLE}</h1>
      {officer ? <OfficerSummary officer={officer} /> : <OfficerSummarySkeleton />}
      <section aria-label="Your review" className="rounded-xl border border-stone-200 bg-surface p-6 shadow-sm">
        {body}
      </section>
    </div>
  );
}

/** Who is being reviewed: the officer's name, rank, regiment and side. */
function OfficerSummary({ officer }: { officer: Officer }) {
  return (
    <section
      aria-label="Officer being reviewed"
      className={cn('flex items-center gap-4 rounded-xl border-l-4 bg-surface p-4 shadow-sm', sideTheme(officer.side.code).accent)}
    >
      {officer.profileImageUrl ? (
        <img src={officer.profileImageUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-full object-cover" />
      ) : (
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-400" aria-hidden>
          <UserRound className="h-8 w-8" />
        </span>
      )}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-widest text-stone-500 uppercase">{officer.rank}</p>
        <p className="font-serif text-xl font-semibold break-words">
          <Link to={`/officer/${officer.id}`} className="hover:underline">
            {officer.name}
          </Link>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <Link to={`/regiment/${officer.regimentId}`} className="hover:underline">
            {officer.regimentName}
          </Link>
          <SideBadge name={officer.side.name} code={officer.side.code} />
        </p>
      </div>
    </section>
  );
}

function OfficerSummarySkeleton() {
  return (
    <div className="flex items-center gap-4 rounded-xl bg-surface p-4 shadow-sm" role="status" aria-label="Loading officer">
      <Skeleton className="h-16 w-16 shrink-0 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-32" />
      </div>
    </div>
  );
}

/** The Terms forbid reviewing yourself: the officer's own account sees why there is no form. */
function OwnOfficerProfile({ officerPath }: { officerPath: string }) {
  return (
    <Alert title={reviewsMessages.ownOfficerTitle}>
      <p>{reviewsMessages.ownOfficer}</p>
      <div className="mt-4">
        <Button asChild size="sm" variant="outline">
          <Link to={officerPath}>Back to your profile</Link>
        </Button>
      </div>
    </Alert>
  );
}

/** One review per user per officer (spec section 5): editing happens on My Reviews. */
function AlreadyReviewed({ officerPath }: { officerPath: string }) {
  return (
    <Alert title={reviewsMessages.alreadyReviewed}>
      <p>You can edit or delete your review on My Reviews.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild size="sm">
          <Link to="/my-reviews">Go to My Reviews</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={officerPath}>Back to the officer</Link>
        </Button>
      </div>
    </Alert>
  );
}

export { CreateReviewPage as Component };
