import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/api-client';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';

/**
 * 'Load more' under a list that grows: the button stays in place while the next part loads (its
 * label says so, and it is marked busy), so a keyboard user who pressed it is still on it when the
 * new items arrive. Swapping it for a spinner removed the focused element and threw the keyboard to
 * the top of the page (issue 36, item 6). A press while loading asks for nothing more.
 */
export function LoadMoreButton({
  isLoading,
  onLoadMore,
  label,
  loadingLabel = label,
}: {
  isLoading: boolean;
  onLoadMore: () => void;
  label: string;
  loadingLabel?: string | undefined;
}) {
  return (
    <Button
      variant="outline"
      aria-busy={isLoading}
      onClick={() => {
        if (!isLoading) onLoadMore();
      }}
    >
      {isLoading ? loadingLabel : label}
    </Button>
  );
}

/**
 * What stands under a list of reviews that grows by pages (an officer's, a reviewer's): how many
 * are shown of how many (announced as more arrive), why the next page failed, and 'Load more'.
 */
export function PagedListFooter({
  shown,
  nextPageError,
  hasNextPage,
  ...button
}: {
  shown: ReactNode;
  nextPageError: unknown;
  hasNextPage: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  label: string;
  loadingLabel?: string | undefined;
}) {
  return (
    <div className="flex flex-col items-center gap-2 text-sm text-stone-600">
      <p aria-live="polite">{shown}</p>
      {nextPageError !== null && (
        <Alert variant="destructive" className="w-full">
          {errorMessage(nextPageError)}
        </Alert>
      )}
      {hasNextPage && <LoadMoreButton {...button} />}
    </div>
  );
}
