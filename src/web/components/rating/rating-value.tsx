import { displayRating, ratingBarWidth, type RatingBand } from '#core/rating';
import { cn } from '#web/lib/cn';

/** Colour bands: no rating grey; 4 or above green; 3 or above yellow; below 3 red. */
const BAND_TEXT: Record<RatingBand, string> = {
  none: 'text-stone-500',
  high: 'text-green-700',
  mid: 'text-yellow-700',
  low: 'text-red-700',
};
const BAND_BG: Record<RatingBand, string> = {
  none: 'bg-stone-400',
  high: 'bg-green-600',
  mid: 'bg-yellow-500',
  low: 'bg-red-600',
};

/** A rating as '4.3' (or '4.3/5.0'), coloured by the band of that figure. */
export function RatingValue({ value, outOf, className }: { value: number | null | undefined; outOf?: boolean; className?: string }) {
  const { text, band } = displayRating(value);
  return (
    <span className={cn('font-semibold tabular-nums', BAND_TEXT[band], className)} data-band={band}>
      {text}
      {outOf && <span className="font-normal text-stone-500">/5.0</span>}
    </span>
  );
}

/** A labelled bar whose width is the rating divided by 5. */
export function RatingBar({ label, value }: { label: string; value: number | null | undefined }) {
  const shown = displayRating(value);
  return (
    <div className="flex items-center gap-3">
      <span className="w-32 shrink-0 text-sm font-medium">{label}</span>
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={shown.value}
      >
        <div className={cn('h-full rounded-full', BAND_BG[shown.band])} style={{ width: ratingBarWidth(shown.value) }} />
      </div>
      <RatingValue value={value} className="w-8 text-right text-sm" />
    </div>
  );
}
