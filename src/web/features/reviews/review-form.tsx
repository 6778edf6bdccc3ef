import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { LIMITS, RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants';
import { reviewFormMessages } from '#core/messages/review-form';
import { computeOverallRating } from '#core/rating';
import { REVIEW_FORM_DEFAULTS, reviewFormSchema, type ReviewForm as ReviewFormValues } from '#core/schemas/review';
import { RatingValue } from '#web/components/rating/rating-value';
import { StarInput } from '#web/components/rating/star-input';
import { StarRating } from '#web/components/rating/star-rating';
import { Button } from '#web/components/ui/button';
import { FieldError, Label, Textarea } from '#web/components/ui/form';
import { cn } from '#web/lib/cn';

interface ReviewFormProps {
  /** Prefilled values when editing; a new review starts at 3 in each category and no text. */
  defaultValues?: ReviewFormValues;
  submitLabel: string;
  pendingLabel: string;
  isSubmitting: boolean;
  onSubmit: (values: ReviewFormValues) => void;
  onCancel: () => void;
}

/**
 * The review form of spec section 5, shared by /create-review and the edit dialog of /my-reviews:
 * four star ratings, a live overall preview and the text with a character counter. Validation is
 * the shared reviewFormSchema, so the messages are the server's.
 */
export function ReviewForm({ defaultValues = REVIEW_FORM_DEFAULTS, submitLabel, pendingLabel, isSubmitting, onSubmit, onCancel }: ReviewFormProps) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewFormValues>({ resolver: zodResolver(reviewFormSchema), defaultValues });

  const textId = `${id}-text`;
  const counterId = `${id}-counter`;
  const textErrorId = `${id}-text-error`;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Ratings</legend>
        {RATING_CATEGORIES.map((category) => {
          const labelId = `${id}-${category}`;
          const errorId = `${labelId}-error`;
          return (
            <Controller
              key={category}
              control={control}
              name={category}
              render={({ field, fieldState }) => (
                <div className="space-y-1">
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                    <span id={labelId} className="text-sm font-medium">
                      {RATING_CATEGORY_LABELS[category]}
                    </span>
                    <StarInput
                      ref={field.ref}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      aria-labelledby={labelId}
                      aria-invalid={fieldState.invalid || undefined}
                      aria-describedby={fieldState.error ? errorId : undefined}
                    />
                  </div>
                  <FieldError id={errorId} message={fieldState.error?.message} />
                </div>
              )}
            />
          );
        })}
        <OverallPreview control={control} />
      </fieldset>

      <Controller
        control={control}
        name="wouldServeAgain"
        render={({ field }) => <VerdictChoice value={field.value ?? null} onChange={field.onChange} />}
      />

      <div className="space-y-1.5">
        <Label htmlFor={textId}>Your Review</Label>
        <Textarea
          id={textId}
          rows={6}
          placeholder={reviewFormMessages.textPlaceholder}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={[counterId, errors.text ? textErrorId : null].filter(Boolean).join(' ')}
          {...register('text')}
        />
        <div className="flex items-start justify-between gap-4">
          <FieldError id={textErrorId} message={errors.text?.message} />
          <CharacterCounter control={control} id={counterId} />
        </div>
      </div>

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="brass" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The three answers of the quick verdict, in the order shown. */
const VERDICT_CHOICES = [
  { value: true, label: reviewFormMessages.verdictYes },
  { value: false, label: reviewFormMessages.verdictNo },
  { value: null, label: reviewFormMessages.verdictNone },
] as const;

/**
 * "Would you serve under this officer again?" (issue 36, item 4): yes, no or no answer, optional and
 * apart from the ratings (it moves no average), so it sits outside their fieldset.
 */
function VerdictChoice({ value, onChange }: { value: boolean | null; onChange: (value: boolean | null) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{reviewFormMessages.verdictQuestion}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {VERDICT_CHOICES.map((choice) => (
          <label key={String(choice.value)} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="h-4 w-4 accent-union-dark"
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The overall rating as it will be saved (the average of the four), shown with one decimal. */
function OverallPreview({ control }: { control: Control<ReviewFormValues> }) {
  const id = useId();
  const [leadership, tactics, communication, fairness] = useWatch({ control, name: [...RATING_CATEGORIES] });
  const overall = computeOverallRating({ leadership, tactics, communication, fairness });
  return (
    // On a light stone, not parchment: the yellow band and the grey '/5.0' lack contrast on parchment (WCAG 1.4.3).
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-stone-200 bg-stone-50 px-4 py-3">
      <span id={id} className="text-sm font-semibold">
        Overall Rating
      </span>
      <output aria-labelledby={id} className="flex items-center gap-2">
        <StarRating value={overall} />
        <RatingValue value={overall} outOf />
      </output>
    </div>
  );
}

/** 'x/500'; turns red past the limit, where the schema's message explains. */
function CharacterCounter({ control, id }: { control: Control<ReviewFormValues>; id: string }) {
  const text = useWatch({ control, name: 'text' });
  const isOver = text.length > LIMITS.reviewTextMax;
  return (
    <p id={id} className={cn('ml-auto shrink-0 text-xs tabular-nums', isOver ? 'font-semibold text-red-700' : 'text-stone-500')}>
      {text.length}/{LIMITS.reviewTextMax}
      <span className="sr-only"> characters</span>
    </p>
  );
}
