import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminReviewWave, WaveReview } from '#core/api';
import { formatDate } from '#core/date';
import { adminMessages } from '#core/messages/admin';
import { waveMessages } from '#core/messages/waves';
import { useDecideReviewWave, useReviewWaves } from '#web/api/admin';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { ReviewCard } from '#web/components/domain/review-card';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { Badge, EmptyState, Spinner } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

/**
 * /admin/reviews, "Review Waves" (issue 17): every wave with the rules that fired and their figures,
 * the officer's reviews per day around it, its reviews, and for an open one the two decisions.
 */
export function ReviewWavesSection() {
  const waves = useReviewWaves();
  return (
    <section aria-labelledby="review-waves-title" className="space-y-4">
      <h2 id="review-waves-title" className="font-serif text-xl font-semibold">
        {waveMessages.sectionTitle}
      </h2>
      {waves.isPending ? (
        <Spinner />
      ) : waves.isError ? (
        <LoadFailedAlert title={waveMessages.loadFailed} error={waves.error} onRetry={() => void waves.refetch()} />
      ) : waves.data.waves.length === 0 ? (
        <EmptyState title={waveMessages.none} />
      ) : (
        waves.data.waves.map((wave) => <WaveCard key={wave.id} wave={wave} cooldownDays={waves.data.cooldownDays} />)
      )}
    </section>
  );
}

const STATUS_STYLES: Record<AdminReviewWave['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  released: 'bg-green-100 text-green-900',
  removed: 'bg-stone-200 text-stone-800',
  mixed: 'bg-sky-100 text-sky-900',
};

function WaveCard({ wave, cooldownDays }: { wave: AdminReviewWave; cooldownDays: number }) {
  const titleId = `wave-${wave.id}-title`;
  const officer = `${wave.officer.rank} ${wave.officer.name}`;
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id={titleId}>
            <Link to={`/officer/${wave.officer.id}`} className="text-link hover:underline">
              {officer}
            </Link>
          </CardTitle>
          <p className="mt-1 text-sm text-stone-600">
            {wave.regiment.name} · {waveMessages.span(formatDate(wave.from), formatDate(wave.to))}
          </p>
        </div>
        <Badge className={STATUS_STYLES[wave.status]}>{waveMessages.statusNames[wave.status]}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-1 text-sm">
          {/* One line per rule (and rival regiment, text or side of the mean): the wave keeps their order. */}
          {wave.detections.map((detection, index) => (
            <li key={`${detection.rule}-${index}`}>
              <span className="font-semibold">{waveMessages.ruleNames[detection.rule]}:</span>{' '}
              {waveMessages.detection(detection, detection.rule === 'one-regiment' ? detection.regimentName : null)}
            </li>
          ))}
        </ul>
        <WaveHistogram wave={wave} officer={officer} />
        {wave.reviews.length > 0 && (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-link">
              {wave.reviews.length} {wave.reviews.length === 1 ? 'review' : 'reviews'}
            </summary>
            <div className="mt-3 space-y-3">
              {wave.reviews.map((review) => (
                <div key={review.id} className="space-y-1">
                  <WaveReviewSignals review={review} />
                  <ReviewCard review={review} />
                  {wave.status === 'open' && review.held && (
                    <div className="flex flex-wrap gap-2">
                      <WaveDecision wave={wave} review={review} action="release" cooldownDays={cooldownDays} />
                      <WaveDecision wave={wave} review={review} action="remove" cooldownDays={cooldownDays} />
                    </div>
                  )}
                </div>
              ))}
            </div>
          </details>
        )}
        {wave.status === 'open' ? (
          <div className="flex flex-wrap gap-2">
            <WaveDecision wave={wave} action="release" cooldownDays={cooldownDays} />
            <WaveDecision wave={wave} action="remove" cooldownDays={cooldownDays} />
          </div>
        ) : (
          wave.decidedAt && (
            <p className="text-sm text-stone-600">
              {waveMessages.statusNames[wave.status]} {formatDate(wave.decidedAt)}
              {wave.decidedBy && ` by ${wave.decidedBy}`} (
              {wave.status === 'mixed'
                ? waveMessages.decidedCounts(wave.releasedCount, wave.removedCount)
                : `${wave.reviewCount} ${wave.reviewCount === 1 ? 'review' : 'reviews'}`}
              )
            </p>
          )
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Why a review is held and what a moderator weighs beside the signals its card shows (level, games,
 * reviews written, member since): when its author linked Steam, and whether others say the same.
 */
function WaveReviewSignals({ review }: { review: WaveReview }) {
  const signals = [
    review.holdReasons.length === 0
      ? waveMessages.heldWithWave
      : waveMessages.heldFor(review.holdReasons.map((rule) => waveMessages.ruleNames[rule]).join(', ')),
    review.authorSteamLinkedAt ? waveMessages.steamLinked(formatDate(review.authorSteamLinkedAt)) : waveMessages.steamNotLinked,
    ...(review.sameTextCount > 0 ? [waveMessages.sameText(review.sameTextCount)] : []),
  ];
  return <p className="text-xs font-medium text-amber-900">{signals.join(' · ')}</p>;
}

/**
 * The officer's reviews per UTC day around the wave: stacked bars (held over counted) for the eye, the
 * same figures as a table for screen readers.
 */
function WaveHistogram({ wave, officer }: { wave: AdminReviewWave; officer: string }) {
  const highest = Math.max(1, ...wave.histogram.map((day) => day.counted + day.held));
  const caption = waveMessages.histogramCaption(officer);
  return (
    <figure aria-label={caption}>
      <figcaption className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{waveMessages.histogramTitle}</figcaption>
      <div className="mt-2 flex h-24 items-end gap-px border-b border-stone-300" aria-hidden>
        {wave.histogram.map((day) => (
          <div
            key={day.day}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${formatDate(day.day)}: ${day.counted} counted, ${day.held} held`}
          >
            <div className="bg-amber-500" style={{ height: `${(day.held / highest) * 100}%` }} />
            <div className="bg-stone-400" style={{ height: `${(day.counted / highest) * 100}%` }} />
          </div>
        ))}
      </div>
      <p className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden>
        {/* Dates as the site writes them ('Month D, YYYY'); the API's days are UTC, as formatDate reads them. */}
        <span>{wave.histogram[0] && formatDate(wave.histogram[0].day)}</span>
        <span className="flex gap-3">
          <span>
            <span className="mr-1 inline-block h-2 w-2 bg-stone-400" />
            {waveMessages.histogramCountedColumn}
          </span>
          <span>
            <span className="mr-1 inline-block h-2 w-2 bg-amber-500" />
            {waveMessages.histogramHeldColumn}
          </span>
        </span>
        <span>{wave.histogram.length > 0 && formatDate(wave.histogram.at(-1)!.day)}</span>
      </p>
      {/* Hidden by a wrapper: a table sized by its content ignores sr-only's 1px width and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{waveMessages.histogramDayColumn}</th>
              <th scope="col">{waveMessages.histogramCountedColumn}</th>
              <th scope="col">{waveMessages.histogramHeldColumn}</th>
            </tr>
          </thead>
          <tbody>
            {wave.histogram.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDate(day.day)}</th>
                <td>{day.counted}</td>
                <td>{day.held}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * Release or Remove, each behind a confirmation that says what it does: for the whole wave, or with
 * `review` for that one review (issue 32).
 */
function WaveDecision({
  wave,
  review,
  action,
  cooldownDays,
}: {
  wave: AdminReviewWave;
  review?: WaveReview;
  action: 'release' | 'remove';
  cooldownDays: number;
}) {
  const [isOpen, setOpen] = useState(false);
  const isRelease = action === 'release';
  // Told at the mutation level: a decided review's buttons leave the page with it once the wave refreshes.
  const decide = useDecideReviewWave((answer) => {
    const title = review
      ? isRelease
        ? waveMessages.reviewReleasedTitle
        : waveMessages.reviewRemovedTitle
      : isRelease
        ? waveMessages.releasedTitle
        : waveMessages.removedTitle;
    toast({ title, description: answer.message });
    setOpen(false);
  });
  // A removal tells each author why (issue 33): the ground and facts of their statement of reasons.
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const officer = `${wave.officer.rank} ${wave.officer.name}`;
  const label = review
    ? isRelease
      ? waveMessages.releaseReview
      : waveMessages.removeReview
    : isRelease
      ? waveMessages.release
      : waveMessages.remove;
  const target = review ? ` by ${review.user.username ?? 'a deleted account'}` : ` the review wave of ${officer}`;
  const description = review
    ? isRelease
      ? waveMessages.releaseReviewConfirm
      : waveMessages.removeReviewConfirm(cooldownDays)
    : isRelease
      ? waveMessages.releaseConfirm(wave.reviewCount)
      : waveMessages.removeConfirm(wave.reviewCount);
  const confirm = () =>
    decide.mutate(
      { id: wave.id, reviewId: review?.id, officerId: wave.officer.id, action, reasons: isRelease ? undefined : (reasons ?? undefined) },
      {
        onError: unlessStepUpCancelled((error) =>
          toast({ title: adminMessages.errorTitle, description: `${waveMessages.decisionFailed} ${errorMessage(error)}`, variant: 'destructive' }),
        ),
      },
    );
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={isRelease ? 'outline' : 'ghost'} className={isRelease ? undefined : 'text-red-700 hover:bg-red-50'}>
          {isRelease ? <Check className="h-4 w-4" aria-hidden /> : <Trash2 className="h-4 w-4" aria-hidden />}
          {label}
          <span className="sr-only">{target}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={review ? label : `${label} Review Wave`} description={description}>
        {!isRelease && <StatementFields draft={draft} onChange={setDraft} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={isRelease ? 'primary' : 'destructive'} disabled={decide.isPending || (!isRelease && reasons === null)} onClick={confirm}>
            {review ? (isRelease ? waveMessages.release : waveMessages.remove) : label}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
