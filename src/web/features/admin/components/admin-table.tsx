import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { adminMessages } from '#core/messages/admin';
import { Button } from '#web/components/ui/button';
import { Alert, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { AdminTableControls, AdminTablePager, type AdminTableView } from './admin-table-view';

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
  /**
   * A search box, a filter and pages over the rows (useAdminTableView): the view's page is listed
   * instead of all of `rows`.
   */
  view?: AdminTableView<T>;
}

/**
 * A table of an admin screen: on a phone each row is a card of labelled lines (issue 36, item 6: a
 * sideways-scrolling table hid its actions off screen), from `sm` up a table that scrolls sideways
 * when it must. Skeleton rows while loading, an alert when the load failed, one row saying so when
 * there is nothing to list.
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
  view,
}: AdminTableProps<T>) {
  const shownRows = view ? view.rows : rows;
  const headingId = `admin-table-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {view && <AdminTableControls view={view} />}
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
          <table className="w-full text-left text-sm max-sm:block" aria-labelledby={headingId} aria-busy={isPending || undefined}>
            {/* On a phone the heads are read, not shown: each cell carries its column's name instead. */}
            <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase max-sm:sr-only">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 max-sm:block">
              {isPending || !shownRows ? (
                Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} aria-hidden className={STACKED_ROW}>
                    {columns.map((column) => (
                      <td key={column} className="px-4 py-3 max-sm:block">
                        <Skeleton className="h-4 w-24" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : shownRows.length === 0 ? (
                <tr className={STACKED_ROW}>
                  <td colSpan={columns.length} className="px-4 py-8 text-center text-stone-600 max-sm:block">
                    {view?.isNarrowed ? adminMessages.tableNoMatch : emptyText}
                  </td>
                </tr>
              ) : (
                shownRows.map((row) => (
                  <tr key={rowKey(row)} className={STACKED_ROW}>
                    {labelCells(renderRow(row), columns)}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {view && <AdminTablePager view={view} />}
    </section>
  );
}

/** A row on a phone: a block, its cells one under the other. */
const STACKED_ROW = 'max-sm:block max-sm:py-2';

/**
 * Gives each cell of a row its column's name (`data-label`), which a phone shows before the value.
 * A row's cells are its fragments' children, one per column, in order (a cell left out as `null`
 * still takes its column's place).
 */
function labelCells(cells: ReactNode, columns: readonly string[]): ReactNode[] {
  return cellsOf(cells).map((cell, index) =>
    isValidElement(cell) ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': columns[index], key: index }) : null,
  );
}

/** The cells of a row, out of the fragments that group them. */
function cellsOf(node: ReactNode): ReactNode[] {
  const cells: ReactNode[] = [];
  Children.forEach(node, (child) => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment) cells.push(...cellsOf(child.props.children));
    else cells.push(child);
  });
  return cells;
}

/**
 * On a phone a cell is a line of the row's card, led by its column's name (from `data-label`); from
 * `sm` up the name is the table's head.
 */
const STACKED_CELL =
  'max-sm:block max-sm:py-1 max-sm:before:mr-2 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-stone-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]';

/** A body cell of an admin table: one line from `sm` up, so a narrow table scrolls instead of squeezing it. */
export function Cell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle whitespace-nowrap max-sm:whitespace-normal', STACKED_CELL, className)} {...props} />;
}

/** A cell of free text (notes, review text): wraps, within a readable width. */
export function TextCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn('max-w-md min-w-56 px-4 py-3 align-middle break-words whitespace-pre-line max-sm:min-w-0', STACKED_CELL, className)}
      {...props}
    />
  );
}

/** The first cell of a row, naming it for screen readers. */
export function RowHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="row"
      className={cn('min-w-40 px-4 py-3 align-middle font-semibold max-sm:min-w-0 max-sm:text-base', STACKED_CELL, className)}
      {...props}
    />
  );
}

/** The action buttons of a row, side by side. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Cell>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </Cell>
  );
}
