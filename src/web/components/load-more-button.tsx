import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '#web/lib/api-client';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';

/** How many frames a hand-off waits for the first new item: lists that render their items over frames (the officer's reviews). */
const HAND_OFF_FRAMES = 60;

/**
 * 'Load more' under a list that grows: the button stays in place while the next part loads (its
 * label says so, and it is marked busy), so a keyboard user who pressed it is still on it when the
 * new items arrive. Swapping it for a spinner removed the focused element and threw the keyboard to
 * the top of the page (issue 36, item 6). A press while loading asks for nothing more.
 *
 * The last page takes the button away: if it had the keyboard, the keyboard goes to the first item
 * that page brought (its first link or button), where reading goes on, not to the top of the page.
 */
export function LoadMoreButton({
  isLoading,
  onLoadMore,
  label,
  loadingLabel = label,
  list,
}: {
  isLoading: boolean;
  onLoadMore: () => void;
  label: string;
  loadingLabel?: string | undefined;
  /** The list it grows: where the keyboard goes when the last page removes the button. */
  list: RefObject<HTMLElement | null>;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const itemsBefore = useRef(0);
  // A layout effect's cleanup runs before React removes the button, so whether it has the keyboard can still be read.
  useLayoutEffect(
    () => () => {
      if (button.current && button.current === document.activeElement) handFocusToNewItem(list, itemsBefore.current);
    },
    [list],
  );
  return (
    <Button
      ref={button}
      variant="outline"
      aria-busy={isLoading}
      onClick={() => {
        if (isLoading) return;
        itemsBefore.current = list.current?.children.length ?? 0;
        onLoadMore();
      }}
    >
      {isLoading ? loadingLabel : label}
    </Button>
  );
}

/** Focuses the first item after `itemsBefore` once it is in the list (its first control, or the list itself if none comes). */
function handFocusToNewItem(list: RefObject<HTMLElement | null>, itemsBefore: number, framesLeft = HAND_OFF_FRAMES): void {
  requestAnimationFrame(() => {
    const listElement = list.current;
    if (!listElement || !listElement.isConnected) return;
    const item = listElement.children[itemsBefore];
    const control = item?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    if (control) control.focus();
    else if (framesLeft > 0) handFocusToNewItem(list, itemsBefore, framesLeft - 1);
    else {
      listElement.tabIndex = -1;
      listElement.focus();
    }
  });
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
  list: RefObject<HTMLElement | null>;
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
