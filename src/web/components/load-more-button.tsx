import { Button } from './ui/button';

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
