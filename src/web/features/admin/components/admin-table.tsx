import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { Button } from '#web/components/ui/button';
import { Alert, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';

interface AdminTableProps<T> {
  /** The table's accessible name, shown as its heading. */
  title: string;
  columns: readonly string[];
  rows: readonly T[] | undefined;
  isPending: boolean;
  error: Error | null;
  /** Called by 'Try again' after a failed load. */
  onRetry?: () => void;
  /** What a failed load says; the error's own text follows. */
  errorTitle?: string;
  /** Formats the whole error text instead of the title + detail pair. */
  formatError?: (message: string) => string;
  emptyText: string;
  rowKey: (row: T) => string | number;
  renderRow: (row: T) => ReactNode;
}

/**
 * A table of an admin screen: scrolls sideways on small screens, shows skeleton rows while loading,
 * an alert when the load failed, and one row saying so when there is nothing to list.
 */
export function AdminTable<T>({
  title,
  columns,
  rows,
  isPending,
  error,
  onRetry,
  errorTitle = 'Could not load this list',
  formatError,
  emptyText,
  rowKey,
  renderRow,
}: AdminTableProps<T>) {
  const headingId = `admin-table-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {error && !rows ? (
        <Alert variant="destructive" title={formatError ? undefined : errorTitle}>
          <p>{formatError ? formatError(errorMessage(error)) : errorMessage(error)}</p>
          {onRetry && (
            <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      ) : (
        // The scrolling box is a named region that takes the focus, so keyboard users can scroll it
        // too (axe: scrollable-region-focusable). It is also `relative`: the rows' screen-reader
        // texts (sr-only, position: absolute) are then placed and clipped inside it; otherwise they
        // sat at their place in the wide table, out past the page's right edge, and made the whole
        // page scroll sideways on a phone.
        <div
          role="region"
          aria-labelledby={headingId}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: a scrollable region must take the focus
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg border border-stone-200 bg-surface shadow-sm"
        >
          <table className="w-full text-left text-sm" aria-labelledby={headingId} aria-busy={isPending || undefined}>
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {isPending || !rows ? (
                Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} aria-hidden>
                    {columns.map((column) => (
                      <td key={column} className="px-4 py-3">
                        <Skeleton className="h-4 w-24" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-4 py-8 text-center text-stone-600">
                    {emptyText}
                  </td>
                </tr>
              ) : (
                rows.map((row) => <tr key={rowKey(row)}>{renderRow(row)}</tr>)
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A body cell of an admin table: one line, so a narrow screen scrolls the table instead of squeezing it. */
export function Cell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle whitespace-nowrap', className)} {...props} />;
}

/** A cell of free text (notes, review text): wraps, within a readable width. */
export function TextCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('min-w-56 max-w-md px-4 py-3 align-middle break-words whitespace-pre-line', className)} {...props} />;
}

/** The first cell of a row, naming it for screen readers. */
export function RowHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={cn('min-w-40 px-4 py-3 align-middle font-semibold', className)} {...props} />;
}

/** The action buttons of a row, side by side. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Cell>
      <div className="flex items-center gap-2">{children}</div>
    </Cell>
  );
}
