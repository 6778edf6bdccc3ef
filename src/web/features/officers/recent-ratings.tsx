import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId } from 'react';
import type { OfficerDetail } from '#core/api';
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants';
import { officerMessages } from '#core/messages/officer';
import { RECENT_MIN_REVIEWS, recentChange } from '#core/rating-math';
import { roundHalfUp } from '#core/rating';
import { RatingValue } from '#web/components/rating/rating-value';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { PanelTitle } from './panel-title';

/**
 * The officer's figures over the last 90 days beside the all-time ones (issue 16), once there are
 * RECENT_MIN_REVIEWS recent reviews: fewer say too little to set beside the whole record. An arrow
 * marks a recent figure 0.3 or more away from the all-time one (recentChange); a screen reader
 * reads it as 'up 0.4 from all time'.
 */
export function RecentRatings({ officer }: { officer: OfficerDetail }) {
  const titleId = useId();
  const { recent } = officer;
  if (recent.reviewCount < RECENT_MIN_REVIEWS) return null;
  const rows = [
    { key: 'overall', label: officerMessages.overallLabel, allTime: officer.averageRating, recent: recent.averageRating },
    ...RATING_CATEGORIES.map((category) => ({
      key: category,
      label: RATING_CATEGORY_LABELS[category],
      allTime: officer[`${category}Rating`],
      recent: recent[category],
    })),
  ];
  return (
    <Card>
      <CardHeader>
        <PanelTitle id={titleId}>{officerMessages.recentTitle}</PanelTitle>
      </CardHeader>
      <CardContent>
        <table aria-labelledby={titleId} className="w-full text-sm">
          <thead>
            <tr className="text-xs text-stone-600">
              <th scope="col" className="pb-2 text-left font-medium">
                <span className="sr-only">{officerMessages.categoryColumn}</span>
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {officerMessages.allTimeColumn}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {officerMessages.recentColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-stone-100">
                <th scope="row" className="py-1.5 text-left font-medium">
                  {row.label}
                </th>
                <td className="py-1.5 text-right">
                  <RatingValue value={row.allTime} />
                </td>
                <td className="py-1.5 text-right">
                  <span className="inline-flex items-center justify-end gap-1">
                    <RatingValue value={row.recent} />
                    <ChangeArrow recent={row.recent} allTime={row.allTime} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-stone-600">{officerMessages.recentBasis(recent.reviewCount)}</p>
      </CardContent>
    </Card>
  );
}

function ChangeArrow({ recent, allTime }: { recent: number | null; allTime: number | null }) {
  const change = recentChange(recent, allTime);
  if (!change) return null;
  const Arrow = change.direction === 'up' ? ArrowUp : ArrowDown;
  return (
    <>
      <Arrow
        className={change.direction === 'up' ? 'h-3.5 w-3.5 text-green-700' : 'h-3.5 w-3.5 text-red-700'}
        aria-hidden
        data-direction={change.direction}
      />
      <span className="sr-only">{officerMessages.recentChange(change.direction, roundHalfUp(change.by, 1).toFixed(1))}</span>
    </>
  );
}
