import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { OfficerTrend } from '#core/api';
import { RATING_MAX } from '#core/constants';
import { formatMonth } from '#core/date';
import { officerMessages } from '#core/messages/officer';
import { formatRating } from '#core/rating';
import { officerTrendQueryOptions } from '#web/api/officers';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { PanelTitle } from './panel-title';

/**
 * The officer's average rating month by month over the last 12 months (issue 16). Shown once it has
 * loaded, the placeholder until then; a trend that fails to load leaves the rest of the page as it is.
 */
export function OfficerRatingTrend({ officerId, placeholder = null }: { officerId: number; placeholder?: ReactNode }) {
  const { data: trend, isPending } = useQuery(officerTrendQueryOptions(officerId));
  if (trend) return <RatingTrend trend={trend} />;
  return isPending ? placeholder : null;
}

const WIDTH = 240;
const HEIGHT = 80;
const PAD = 6;

/**
 * A small line chart (inline SVG): a point per month with reviews at its average, joined to the
 * month before when that one had reviews too, over faint lines at each whole star. The drawing is
 * hidden from screen readers, which read the same figures from a table instead ('November 2026, 3
 * reviews, 4.2'), and which sighted readers never see.
 */
export function RatingTrend({ trend }: { trend: OfficerTrend }) {
  const titleId = useId();
  const hasReviews = trend.some((month) => month.reviewCount > 0);
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, trend.length - 1);
  const y = (rating: number) => PAD + ((RATING_MAX - rating) * (HEIGHT - 2 * PAD)) / RATING_MAX;
  const points = trend.flatMap((month, index) => (month.averageRating === null ? [] : [{ index, x: x(index), y: y(month.averageRating) }]));
  const segments = points.slice(1).flatMap((point, i) => (points[i]!.index === point.index - 1 ? [{ from: points[i]!, to: point }] : []));
  return (
    <Card>
      <CardHeader>
        <PanelTitle id={titleId}>{officerMessages.trendTitle}</PanelTitle>
      </CardHeader>
      <CardContent>
        {hasReviews ? (
          <figure aria-labelledby={titleId}>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden>
              {[1, 2, 3, 4, 5].map((stars) => (
                <line key={stars} x1={PAD} x2={WIDTH - PAD} y1={y(stars)} y2={y(stars)} className="stroke-stone-200" strokeWidth={0.5} />
              ))}
              {segments.map(({ from, to }) => (
                <line key={to.index} x1={from.x} y1={from.y} x2={to.x} y2={to.y} className="stroke-primary" strokeWidth={1.5} />
              ))}
              {points.map((point) => (
                <circle key={point.index} cx={point.x} cy={point.y} r={2.5} className="fill-primary" />
              ))}
            </svg>
            <div className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden>
              <span>{formatMonth(trend[0]!.month, 'short')}</span>
              <span>{formatMonth(trend.at(-1)!.month, 'short')}</span>
            </div>
            {/* The wrapper hides it: a table box grows to its content whatever width sr-only gives it, and it pushed phones sideways. */}
            <div className="sr-only">
              <table>
                <caption>{officerMessages.trendCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{officerMessages.trendMonthColumn}</th>
                    <th scope="col">{officerMessages.trendReviewsColumn}</th>
                    <th scope="col">{officerMessages.trendAverageColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {trend.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{formatMonth(month.month)}</th>
                      <td>{month.reviewCount}</td>
                      <td>{month.averageRating === null ? officerMessages.trendNoRating : formatRating(month.averageRating)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        ) : (
          <p className="text-sm text-stone-600">{officerMessages.trendEmpty}</p>
        )}
      </CardContent>
    </Card>
  );
}
