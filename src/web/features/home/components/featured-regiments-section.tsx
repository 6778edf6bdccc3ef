import { useQuery } from '@tanstack/react-query';
import { homeMessages } from '#core/messages/home';
import type { Regiment } from '#core/api';
import { featuredRegimentsQueryOptions } from '#web/api/regiments';
import { RegimentCard } from '#web/components/domain/regiment-card';
import { Alert, EmptyState, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { HomeSection } from './home-section';

/**
 * 'Featured Regiments': the best-rated regiment of each side (spec section 2, Home), chosen by the
 * server (GET /api/regiments/featured) so the first screen does not download every regiment.
 */
export function FeaturedRegimentsSection() {
  const regiments = useQuery(featuredRegimentsQueryOptions());

  return (
    <HomeSection id="featured-regiments" title={homeMessages.featuredRegiments}>
      {regiments.isPending ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading featured regiments">
          {Array.from({ length: 2 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-24" />
            </li>
          ))}
        </ul>
      ) : regiments.isError ? (
        <Alert variant="destructive" title="Regiments could not be loaded">
          {errorMessage(regiments.error)}
        </Alert>
      ) : (
        <FeaturedRegimentList featured={regiments.data} />
      )}
    </HomeSection>
  );
}

function FeaturedRegimentList({ featured }: { featured: readonly Regiment[] }) {
  if (featured.length === 0) {
    return <EmptyState title="No rated regiments yet">Regiments appear here once their officers have been reviewed.</EmptyState>;
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {featured.map((regiment) => (
        <li key={regiment.id}>
          <RegimentCard regiment={regiment} />
        </li>
      ))}
    </ul>
  );
}
