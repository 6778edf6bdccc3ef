import { Star } from 'lucide-react';
import { useId } from 'react';
import type { Distribution } from '#core/rating-math';
import { officerMessages } from '#core/messages/officer';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { PanelTitle } from './panel-title';

/** From 5 stars down to 1, as review sites list them. */
const STARS_DOWN = [5, 4, 3, 2, 1] as const;

/**
 * How many of the officer's reviews gave each overall star (issue 16): a bar per star, as wide as
 * its share of the reviews. A screen reader reads each bar as '5 stars: 12 reviews'; the drawn star,
 * bar and count say the same to the eye and are hidden from it. Without a review there is nothing
 * to share out, so a sentence replaces five empty bars. A line under the bars says how a half-star
 * review is counted, since the bars are whole stars (the bucket of core/rating-math.ts's starBucket).
 */
export function RatingDistribution({ distribution }: { distribution: Distribution }) {
  const titleId = useId();
  const total = distribution.reduce((sum, count) => sum + count, 0);
  return (
    <Card>
      <CardHeader>
        <PanelTitle id={titleId}>{officerMessages.distributionTitle}</PanelTitle>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="text-sm text-stone-600">{officerMessages.distributionEmpty}</p>
        ) : (
          <ul aria-labelledby={titleId} className="space-y-2">
            {STARS_DOWN.map((stars) => {
              const count = distribution[stars - 1] ?? 0;
              return (
                <li key={stars} className="flex items-center gap-2 text-sm">
                  <span className="sr-only">{officerMessages.starBucketCount(stars, count)}</span>
                  <span className="flex w-8 shrink-0 items-center gap-0.5 font-medium text-stone-700 tabular-nums" aria-hidden>
                    {stars}
                    <Star className="h-3.5 w-3.5 fill-brass text-brass-dark" />
                  </span>
                  <span className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden>
                    <span className="block h-full rounded-full bg-primary" style={{ width: `${(count / total) * 100}%` }} />
                  </span>
                  <span className="min-w-8 shrink-0 text-right text-stone-700 tabular-nums" aria-hidden>
                    {count}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {total > 0 && <p className="mt-3 text-xs text-stone-600">{officerMessages.distributionRounding}</p>}
      </CardContent>
    </Card>
  );
}
