import { useQuery } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import type { ReviewRevisions, ReviewVersion } from '#core/api';
import { RATING_CATEGORY_LABELS } from '#core/constants';
import { formatDate } from '#core/date';
import { officerMessages } from '#core/messages/officer';
import { reviewHistoryMessages as messages } from '#core/messages/review-history';
import { formatRating } from '#core/rating';
import { REVIEW_VERSION_RATINGS, type ReviewVersionRating } from '#core/review-history';
import { reviewRevisionsQueryOptions } from '#web/api/review-history';
import { StarRating } from '#web/components/rating/star-rating';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { Alert, Spinner } from '#web/components/ui/feedback';

const RATING_LABELS: Record<ReviewVersionRating, string> = { ...RATING_CATEGORY_LABELS, overallRating: officerMessages.overallLabel };

/**
 * A review's edit history (issue 18, item 2), opened from its 'edited {date}' mark: every version,
 * newest first, with what each changed from the one before it. Loaded with its own chunk when a
 * reader first opens one; Radix gives the dialog its focus trap and its labels.
 */
export function ReviewHistoryDialog({
  reviewId,
  opener,
  onClose,
}: {
  reviewId: number;
  /** The mark that opened it, which gets focus back on close (it is no Radix trigger: that would bring the dialog's code to the first screen). */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const history = useQuery(reviewRevisionsQueryOptions(reviewId));
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        title={messages.title}
        description={messages.description}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        {history.isPending ? (
          <Spinner />
        ) : history.isError ? (
          <Alert variant="destructive" title={messages.loadFailed}>
            {history.error.message}
          </Alert>
        ) : (
          <VersionList history={history.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function VersionList({ history }: { history: ReviewRevisions }) {
  const oldest = history.versions.at(-1);
  return (
    <>
      <ol className="flex flex-col gap-4">
        {history.versions.map((version) => (
          <li key={version.version} className="rounded-md border border-stone-200 p-4">
            <VersionEntry version={version} isFirstWritten={version.writtenAt === history.createdAt} />
          </li>
        ))}
      </ol>
      {oldest && oldest.writtenAt !== history.createdAt && <p className="text-xs text-stone-600">{messages.earlierNotKept}</p>}
    </>
  );
}

function VersionEntry({ version, isFirstWritten }: { version: ReviewVersion; isFirstWritten: boolean }) {
  const date = formatDate(version.writtenAt);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex flex-wrap items-baseline justify-between gap-2 text-sm font-semibold">
        <span>{version.isCurrent ? messages.current : messages.version(version.version)}</span>
        <span className="font-normal text-stone-600">
          <time dateTime={version.writtenAt}>{isFirstWritten ? messages.written(date) : messages.edited(date)}</time>
        </span>
      </h3>
      {version.changes && (
        <div className="mt-2 text-xs">
          <p className="font-medium">{version.changes.text ? messages.textChanged : messages.textUnchanged}</p>
          {version.changes.ratings.length > 0 && (
            <ul aria-label={messages.changesLabel} className="mt-1 flex flex-col gap-1">
              {version.changes.ratings.map(({ rating, from, to }) => (
                <li key={rating} className="flex flex-wrap items-center gap-2">
                  <span className="w-28">{RATING_LABELS[rating]}</span>
                  <StarRating value={from} size="sm" />
                  <span>{formatRating(from)}</span>
                  <span aria-hidden>→</span>
                  <span className="sr-only">{messages.changedTo}</span>
                  <StarRating value={to} size="sm" />
                  <span className="font-semibold">{formatRating(to)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <p className="mt-2 text-sm whitespace-pre-line break-words">{version.text}</p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        {REVIEW_VERSION_RATINGS.map((rating) => (
          <div key={rating} className="flex gap-1">
            <dt>{RATING_LABELS[rating]}:</dt>
            <dd className="font-semibold text-ink">{formatRating(version[rating])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
