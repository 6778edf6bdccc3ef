import type { ReactNode } from 'react';
import { Alert, EmptyState, Skeleton } from '../../components/ui/feedback';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';

/** '1 officer', '12 officers'. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const SKELETON_CARDS = 6;

/**
 * One tab's results: skeleton cards while the first answer is pending, an alert on failure, the
 * empty state, or the count and grid. While a new query loads, the previous results stay visible,
 * dimmed and marked busy.
 */
export function SearchResults({
  label,
  count,
  isPending,
  isRefreshing,
  error,
  errorTitle,
  emptyTitle,
  noun,
  children,
}: {
  label: string;
  count: number;
  isPending: boolean;
  isRefreshing: boolean;
  error: unknown;
  errorTitle: string;
  emptyTitle: string;
  noun: { singular: string; plural: string };
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert variant="destructive" title={errorTitle}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading ${noun.plural}`} role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  return (
    <div aria-busy={isRefreshing} className={cn('transition-opacity', isRefreshing && 'opacity-60')}>
      <p className="mb-3 text-sm text-stone-600" aria-live="polite">
        {countLabel(count, noun.singular, noun.plural)}
      </p>
      {count === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {children}
        </ul>
      )}
    </div>
  );
}
