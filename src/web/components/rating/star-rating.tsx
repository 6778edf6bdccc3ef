import { Star, StarHalf } from 'lucide-react';
import { displayRating } from '#core/rating';
import { cn } from '#web/lib/cn';

/**
 * Read-only star display: whole stars plus a half star when the fraction is 0.5 or more
 * (spec section 2, Rating display), of the figure shown beside them. The interactive variant is
 * star-input.tsx.
 */
export function StarRating({ value, size = 'md', className }: { value: number | null | undefined; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const {
    text,
    stars: { full, half, empty },
  } = displayRating(value);
  const px = { sm: 'h-3.5 w-3.5', md: 'h-4 w-4', lg: 'h-5 w-5' }[size];
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${text} out of 5 stars`}>
      {Array.from({ length: full }, (_, i) => (
        <Star key={`f${i}`} className={cn(px, 'fill-brass text-brass')} aria-hidden />
      ))}
      {half && (
        <span className={cn('relative inline-block', px)} aria-hidden>
          <Star className={cn(px, 'absolute inset-0 text-stone-300')} />
          <StarHalf className={cn(px, 'absolute inset-0 fill-brass text-brass')} />
        </span>
      )}
      {Array.from({ length: empty }, (_, i) => (
        <Star key={`e${i}`} className={cn(px, 'text-stone-300')} aria-hidden />
      ))}
    </span>
  );
}
