import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '#web/lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-stone-200', className)} {...props} />;
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-primary" aria-hidden />
      <span>{label}</span>
    </div>
  );
}

export function Alert({
  variant = 'default',
  title,
  children,
  className,
}: {
  variant?: 'default' | 'destructive' | 'success';
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const styles = {
    default: 'border-stone-300 bg-surface text-ink',
    destructive: 'border-red-300 bg-red-50 text-red-900',
    success: 'border-green-300 bg-green-50 text-green-900',
  }[variant];
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn('rounded-md border p-4 text-sm', styles, className)}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}

export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', className)} {...props} />;
}

/** The empty state of a list: a title and an optional explanation. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-surface/60 p-8 text-center">
      <p className="font-serif text-lg font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-stone-600">{children}</div>}
    </div>
  );
}
