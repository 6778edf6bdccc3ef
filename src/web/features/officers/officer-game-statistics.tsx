import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { steamMessages } from '#core/messages/steam';
import { officerSteamStatsQueryOptions } from '#web/api/steam';
import { SteamStatsTiles } from '#web/components/domain/steam-stats-tiles';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/feedback';
import { PanelTitle } from './panel-title';

/**
 * The game statistics of the Steam account linked to this officer (spec section 2, /officer/{id}).
 * The placeholder, when given, stands in while they load: the officer page's, of the answer's height.
 */
export function OfficerGameStatistics({ officerId, placeholder }: { officerId: number; placeholder?: ReactNode }) {
  const { data, isError } = useQuery(officerSteamStatsQueryOptions(officerId));
  if (!data && !isError && placeholder) return placeholder;

  return (
    <Card>
      <CardHeader>
        <PanelTitle>{steamMessages.gameStatistics}</PanelTitle>
      </CardHeader>
      <CardContent>
        {/* A failed background refetch keeps the statistics already shown. */}
        {data ? (
          data.success && data.stats ? (
            <SteamStatsTiles stats={data.stats} />
          ) : (
            <p className="text-sm text-stone-600">{data.message || steamMessages.statsUnavailable}</p>
          )
        ) : isError ? (
          <p className="text-sm text-red-700">{steamMessages.officerStatsError}</p>
        ) : (
          <div className="grid grid-cols-2 gap-3" role="status" aria-label="Loading game statistics">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
