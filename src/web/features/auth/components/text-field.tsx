import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, Input, Label } from '#web/components/ui/form';

/**
 * A labelled input with its validation message: the label is tied to the input, and an invalid
 * input says so (aria-invalid) and points at its message (aria-describedby).
 */
export function TextField({
  label,
  error,
  hint,
  ...inputProps
}: { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
