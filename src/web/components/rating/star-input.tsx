import { Star, StarHalf } from 'lucide-react';
import { useImperativeHandle, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { RATING_MAX } from '#core/constants';
import { displayRating } from '#core/rating';
import { cn } from '#web/lib/cn';

/**
 * The star scale is 1-5 in half steps (spec section 9): a review gives at least one star, so the first
 * star is one whole radio (1) and every other star has two halves (n - 0.5 and n).
 */
const STAR_STEP = 0.5;
const STAR_MIN = 1;
/** Every value the widget can set, in order: 1, 1.5, 2, ... 5. One radio each. */
export const STAR_VALUES: readonly number[] = Array.from({ length: (RATING_MAX - STAR_MIN) / STAR_STEP + 1 }, (_, i) => STAR_MIN + i * STAR_STEP);

/** The values star n sets: [1] for the first, [n - 0.5, n] for the others (left half, right half). */
function valuesOfStar(star: number): number[] {
  return star === STAR_MIN ? [star] : [star - STAR_STEP, star];
}

/** What a screen reader announces for one value: '1 star', '3.5 stars'. */
export function starLabel(value: number): string {
  return `${value} ${value === 1 ? 'star' : 'stars'}`;
}

/**
 * The value a key moves to, or null for keys the widget leaves alone. Unlike a plain radio group,
 * arrows stop at the ends instead of wrapping: 5 -> 1 on one key press would be a surprise.
 */
export function nextStarValue(current: number, key: string): number | null {
  const snapped = Math.round(current / STAR_STEP) * STAR_STEP;
  const clamp = (v: number) => Math.min(Math.max(v, STAR_MIN), RATING_MAX);
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(snapped + STAR_STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(snapped - STAR_STEP);
    case 'Home':
      return STAR_MIN;
    case 'End':
      return RATING_MAX;
    default:
      return null;
  }
}

interface StarInputHandle {
  /** Focuses the checked star (react-hook-form calls this to focus a field with an error). */
  focus(): void;
}

interface StarInputProps {
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** The group needs a name: a visible label's id (preferred) or a text. */
  'aria-labelledby'?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  disabled?: boolean;
  className?: string;
  ref?: Ref<StarInputHandle>;
}

/**
 * The interactive star widget (spec section 2, Rating display): the left half of star n sets
 * n - 0.5, the right half n; the first star sets 1 (the scale starts at 1). Controlled, so it plugs
 * into react-hook-form's Controller. While the pointer is over a star, the stars and the figure beside
 * them preview the value a click would set.
 *
 * Built as an ARIA radio group with one radio per value and a roving tab stop: Tab reaches the
 * checked value, arrows move it by 0.5 within 1-5, Home and End jump to the ends.
 */
export function StarInput({ value, onChange, onBlur, disabled, className, ref, ...aria }: StarInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);
  const checkedIndex = STAR_VALUES.indexOf(value);
  // With nothing checked, the first radio is the tab stop.
  const tabStop = checkedIndex === -1 ? 0 : checkedIndex;

  useImperativeHandle(ref, () => ({ focus: () => radios.current[tabStop]?.focus() }), [tabStop]);

  const select = (next: number) => {
    if (next !== value) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = nextStarValue(value, event.key);
    if (next === null) return;
    event.preventDefault();
    select(next);
    radios.current[STAR_VALUES.indexOf(next)]?.focus();
  };

  // Moving between the stars is not leaving the field.
  const onGroupBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };

  // The figure and the stars preview the hovered value; the checked radio stays the real value.
  const shown = displayRating(disabled ? value : (hovered ?? value));

  return (
    // The focus moves between the radios (a roving tabindex, as the WAI-ARIA radio group pattern
    // says); the group itself takes none.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      role="radiogroup"
      {...aria}
      aria-disabled={disabled || undefined}
      className={cn('inline-flex items-center gap-3', className)}
      onKeyDown={onKeyDown}
      onBlur={onGroupBlur}
      onMouseLeave={() => setHovered(null)}
    >
      <span className="inline-flex gap-0.5">
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const star = i + 1;
          const fill = star <= shown.stars.full ? 'full' : star === shown.stars.full + 1 && shown.stars.half ? 'half' : 'empty';
          const steps = valuesOfStar(star);
          return (
            <span key={star} className="relative inline-block h-8 w-8">
              <StarGlyph fill={fill} />
              {steps.map((step) => {
                const index = STAR_VALUES.indexOf(step);
                return (
                  <button
                    key={step}
                    ref={(element) => {
                      radios.current[index] = element;
                    }}
                    type="button"
                    role="radio"
                    aria-checked={value === step}
                    aria-label={starLabel(step)}
                    tabIndex={index === tabStop ? 0 : -1}
                    disabled={disabled}
                    onClick={() => select(step)}
                    onMouseEnter={() => setHovered(step)}
                    className={cn(
                      'absolute inset-y-0 cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed',
                      steps.length === 1 ? 'inset-x-0' : step === star ? 'right-0 w-1/2' : 'left-0 w-1/2',
                    )}
                  />
                );
              })}
            </span>
          );
        })}
      </span>
      <span aria-hidden className="w-8 text-sm font-semibold tabular-nums text-ink">
        {shown.text}
      </span>
    </div>
  );
}

function StarGlyph({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  const size = 'absolute inset-0 h-8 w-8';
  if (fill === 'full') return <Star className={cn(size, 'fill-brass text-brass')} aria-hidden />;
  if (fill === 'empty') return <Star className={cn(size, 'text-stone-300')} aria-hidden />;
  return (
    <>
      <Star className={cn(size, 'text-stone-300')} aria-hidden />
      <StarHalf className={cn(size, 'fill-brass text-brass')} aria-hidden />
    </>
  );
}
