import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
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
const HEIGHT = 84;
/** Room for the 1-5 scale on the left, and for a point's mark at either end. */
const LEFT = 14;
const RIGHT = 6;
const PAD_Y = 6;
const SCALE = [1, 2, 3, 4, 5] as const;

/**
 * A small line chart (inline SVG) on a 1-5 scale: a point per month with reviews at its average,
 * joined to the month before when that one had reviews too; a month alone (no neighbour with reviews)
 * is drawn as a short bar across its month, not a lone dot (issue 36, item 6). Each month with
 * reviews is a button: hovering, tapping or focusing it shows its average and review count under the
 * chart, which starts on the latest such month. Screen readers also read every month from a table
 * ('November 2026, 3 reviews, 4.2'), which sighted readers never see.
 */
export function RatingTrend({ trend }: { trend: OfficerTrend }) {
  const titleId = useId();
  const hasReviews = trend.some((month) => month.reviewCount > 0);
  const step = (WIDTH - LEFT - RIGHT) / Math.max(1, trend.length);
  // Each month is a column; its point sits in the column's middle, so neither end is at the edge.
  const x = (index: number) => LEFT + step * (index + 0.5);
  const y = (rating: number) => PAD_Y + ((RATING_MAX - rating) * (HEIGHT - 2 * PAD_Y)) / (RATING_MAX - 1);
  const points = trend.flatMap((month, index) => (month.averageRating === null ? [] : [{ index, x: x(index), y: y(month.averageRating) }]));
  const segments = points.slice(1).flatMap((point, i) => (points[i]!.index === point.index - 1 ? [{ from: points[i]!, to: point }] : []));
  const isAlone = (index: number) => !points.some((other) => Math.abs(other.index - index) === 1);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = chosen ?? points.at(-1)?.index ?? null;
  const shownMonth = shown === null ? null : trend[shown]!;
  return (
    <Card>
      <CardHeader>
        <PanelTitle id={titleId}>{officerMessages.trendTitle}</PanelTitle>
      </CardHeader>
      <CardContent>
        {hasReviews ? (
          <figure aria-labelledby={titleId}>
            <div className="relative">
              <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden>
                {SCALE.map((stars) => (
                  <g key={stars}>
                    <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(stars)} y2={y(stars)} className="stroke-stone-200" strokeWidth={0.5} />
                    <text x={LEFT - 4} y={y(stars)} textAnchor="end" dominantBaseline="middle" className="fill-stone-600 text-[7px]">
                      {stars}
                    </text>
                  </g>
                ))}
                {shown !== null && (
                  <rect x={x(shown) - step / 2} y={PAD_Y / 2} width={step} height={HEIGHT - PAD_Y} className="fill-stone-100" rx={2} />
                )}
                {segments.map(({ from, to }) => (
                  <line key={to.index} x1={from.x} y1={from.y} x2={to.x} y2={to.y} className="stroke-primary" strokeWidth={1.5} />
                ))}
                {points.map((point) =>
                  isAlone(point.index) ? (
                    <line
                      key={point.index}
                      data-alone
                      x1={point.x - step * 0.35}
                      x2={point.x + step * 0.35}
                      y1={point.y}
                      y2={point.y}
                      className="stroke-primary"
                      strokeWidth={2.5}
                      strokeLinecap="round"
                    />
                  ) : null,
                )}
                {points.map((point) => (
                  <circle key={point.index} cx={point.x} cy={point.y} r={point.index === shown ? 3.5 : 2.5} className="fill-primary" />
                ))}
              </svg>
              {/* A button over each month with reviews: hover, tap or keyboard focus shows its figures. */}
              {points.map((point) => {
                const month = trend[point.index]!;
                return (
                  <button
                    key={point.index}
                    type="button"
                    aria-label={officerMessages.trendMonthValue(formatMonth(month.month), formatRating(month.averageRating), month.reviewCount)}
                    aria-pressed={point.index === shown}
                    className="absolute top-0 h-full rounded focus-visible:outline-2 focus-visible:outline-primary"
                    style={{ left: `${((point.x - step / 2) / WIDTH) * 100}%`, width: `${(step / WIDTH) * 100}%` }}
                    onMouseEnter={() => setChosen(point.index)}
                    onFocus={() => setChosen(point.index)}
                    onClick={() => setChosen(point.index)}
                  />
                );
              })}
            </div>
            <div className="mt-1 flex justify-between text-xs text-stone-600" style={{ paddingLeft: `${(LEFT / WIDTH) * 100}%` }} aria-hidden>
              <span>{formatMonth(trend[0]!.month, 'short')}</span>
              <span>{formatMonth(trend.at(-1)!.month, 'short')}</span>
            </div>
            {shownMonth && shownMonth.averageRating !== null && (
              <p className="mt-2 text-sm font-medium text-ink" aria-hidden>
                {officerMessages.trendMonthValue(formatMonth(shownMonth.month), formatRating(shownMonth.averageRating), shownMonth.reviewCount)}
              </p>
            )}
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
