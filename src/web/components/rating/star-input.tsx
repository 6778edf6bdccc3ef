import { Star, StarHalf } from 'lucide-react';
import { useImperativeHandle, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { RATING_MAX } from '../../../core/constants';
import { formatRating } from '../../../core/rating';
import { cn } from '../../lib/cn';

/** The star scale is 1-5 in half steps (spec section 9); the left half of the first star sets 0.5. */
export const STAR_STEP = 0.5;
export const STAR_MIN = STAR_STEP;
/** Every value the widget can set, in order: 0.5, 1, 1.5, ... 5. One radio each. */
export const STAR_VALUES: readonly number[] = Array.from({ length: RATING_MAX / STAR_STEP }, (_, i) => (i + 1) * STAR_STEP);

/** What a screen reader announces for one value: '1 star', '3.5 stars'. */
export function starLabel(value: number): string {
  return `${value} ${value === 1 ? 'star' : 'stars'}`;
}

/**
 * The value a key moves to, or null for keys the widget leaves alone. Unlike a plain radio group,
 * arrows stop at the ends instead of wrapping: 5 -> 0.5 on one key press would be a surprise.
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

export interface StarInputHandle {
  /** Focuses the checked star (react-hook-form calls this to focus a field with an error). */
  focus(): void;
}

export interface StarInputProps {
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
 * n - 0.5, the right half n. Controlled, so it plugs into react-hook-form's Controller.
 *
 * Built as an ARIA radio group with one radio per half star and a roving tab stop: Tab reaches the
 * checked value, arrows move it by 0.5 within 0.5-5, Home and End jump to the ends.
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

  const shown = hovered ?? value;

  return (
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
          const fill = shown >= star ? 'full' : shown >= star - STAR_STEP ? 'half' : 'empty';
          return (
            <span key={star} className="relative inline-block h-8 w-8">
              <StarGlyph fill={fill} />
              {[star - STAR_STEP, star].map((step) => {
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
                      'absolute inset-y-0 w-1/2 cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-navy disabled:cursor-not-allowed',
                      step === star ? 'right-0' : 'left-0',
                    )}
                  />
                );
              })}
            </span>
          );
        })}
      </span>
      <span aria-hidden className="w-8 text-sm font-semibold tabular-nums text-ink">
        {formatRating(value)}
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
