import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SIDES, type SideCode } from '#core/constants';
import { homeMessages } from '#core/messages/home';
import { topOfficersQueryOptions } from '#web/api/officers';
import { OfficerCard } from '#web/components/domain/officer-card';
import { Button } from '#web/components/ui/button';
import { Alert, EmptyState, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { HomeSection } from './home-section';

const FILTERS: Array<{ label: string; side: SideCode | undefined }> = [
  { label: homeMessages.filterAll, side: undefined },
  ...SIDES.map((side) => ({ label: side.name, side: side.code })),
];

/** 'Top Rated Officers' with an All / Union / Confederate filter (spec section 2, Home). */
export function TopOfficersSection() {
  const [side, setSide] = useState<SideCode | undefined>(undefined);
  const officers = useQuery(topOfficersQueryOptions(side));

  const filters = (
    <div role="group" aria-label="Filter top officers by side" className="inline-flex rounded-md bg-stone-200/70 p-1">
      {FILTERS.map((filter) => {
        const isActive = filter.side === side;
        return (
          <Button
            key={filter.label}
            size="sm"
            variant="ghost"
            aria-pressed={isActive}
            onClick={() => setSide(filter.side)}
            className={isActive ? 'bg-surface shadow-sm hover:bg-surface' : 'text-stone-700'}
          >
            {filter.label}
          </Button>
        );
      })}
    </div>
  );

  return (
    <HomeSection id="top-officers" title={homeMessages.topOfficers} aside={filters}>
      {officers.isPending ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading top officers">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-24" />
            </li>
          ))}
        </ul>
      ) : officers.isError ? (
        <Alert variant="destructive" title="Top officers could not be loaded">
          {errorMessage(officers.error)}
        </Alert>
      ) : officers.data.length === 0 ? (
        <EmptyState title={homeMessages.noTopOfficers} />
      ) : (
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {officers.data.map((officer) => (
            <li key={officer.id}>
              <OfficerCard officer={officer} />
            </li>
          ))}
        </ol>
      )}
    </HomeSection>
  );
}
