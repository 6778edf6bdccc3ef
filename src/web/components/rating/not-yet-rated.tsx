import { ratingMessages } from '#core/messages/rating';
import { cn } from '#web/lib/cn';

/**
 * 'Not yet rated' beside the 0.0 of an officer or regiment without a review. The spec shows a
 * missing rating as 0.0; without a word it reads as the worst rating (issue 13). Nothing once
 * there is a review, even a rating of 0.
 */
export function NotYetRated({ reviewCount, className }: { reviewCount: number; className?: string }) {
  if (reviewCount > 0) return null;
  return (
    <span className={cn('rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-stone-700', className)}>
      {ratingMessages.notYetRated}
    </span>
  );
}
