import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { adminMessages } from '#core/messages/admin';
import { homeMessages } from '#core/messages/home';
import { Button } from '#web/components/ui/button';
import { Input, Select } from '#web/components/ui/form';

/**
 * Rows per page. The admin lists come whole from the API (153 officers, 115 users on the live site,
 * issue 36 item 6): one page of them keeps a phone's screen from running to ten thousand pixels.
 */
export const ADMIN_TABLE_PAGE_SIZE = 25;

/** One choice of a table's filter: its label and which rows it keeps. */
export interface AdminTableFilterOption<T> {
  value: string;
  label: string;
  keeps: (row: T) => boolean;
}

interface AdminTableViewOptions<T> {
  /** What the search box is for, as in 'Search {what}'. */
  searchLabel: string;
  /** The words of a row the search box matches (name, email, regiment…). */
  searchTextOf: (row: T) => readonly (string | number | null | undefined)[];
  /** The choices beside 'All' (role, status…); none for a table without a filter. */
  filterOptions?: readonly AdminTableFilterOption<T>[];
  pageSize?: number;
}

/** The state of a searched, filtered and paged table, for its controls. */
export interface AdminTableView<T> {
  searchLabel: string;
  query: string;
  setQuery: (query: string) => void;
  filterOptions: readonly AdminTableFilterOption<T>[];
  filter: string;
  setFilter: (value: string) => void;
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  /** Rows that pass the search and the filter, on every page. */
  matchCount: number;
  /** Index of the first row shown, from 0. */
  firstIndex: number;
  /** The page's rows; undefined while the list loads. */
  rows: T[] | undefined;
  /** Whether a search or filter hides rows, so an empty page says 'no match' rather than 'none'. */
  isNarrowed: boolean;
}

const ALL = 'all';

/**
 * Search, filter and paging of a whole list on the screen. The state is the screen's own (not the
 * URL): an admin works through a list and leaves; a change of search or filter goes back to page 1.
 */
export function useAdminTableView<T>(
  rows: readonly T[] | undefined,
  { searchLabel, searchTextOf, filterOptions = [], pageSize = ADMIN_TABLE_PAGE_SIZE }: AdminTableViewOptions<T>,
): AdminTableView<T> {
  const [query, setQueryState] = useState('');
  const [filter, setFilterState] = useState(ALL);
  const [requestedPage, setPage] = useState(1);

  const matching = useMemo(() => {
    if (!rows) return undefined;
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const option = filterOptions.find((candidate) => candidate.value === filter);
    return rows.filter((row) => {
      if (option && !option.keeps(row)) return false;
      if (words.length === 0) return true;
      const text = searchTextOf(row)
        .filter((part) => part !== null && part !== undefined)
        .join(' ')
        .toLowerCase();
      return words.every((word) => text.includes(word));
    });
    // searchTextOf and filterOptions are the screen's constants; the rows, words and choice decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, query, filter]);

  const matchCount = matching?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(matchCount / pageSize));
  // A deletion may empty the last page: show the one before it rather than an empty table.
  const page = Math.min(requestedPage, pageCount);
  const firstIndex = (page - 1) * pageSize;

  return {
    searchLabel,
    query,
    setQuery: (next) => {
      setQueryState(next);
      setPage(1);
    },
    filterOptions,
    filter,
    setFilter: (next) => {
      setFilterState(next);
      setPage(1);
    },
    page,
    pageCount,
    setPage,
    matchCount,
    firstIndex,
    rows: matching?.slice(firstIndex, firstIndex + pageSize),
    isNarrowed: query.trim() !== '' || filter !== ALL,
  };
}

/** The search box and the filter above a table. */
export function AdminTableControls<T>({ view }: { view: AdminTableView<T> }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-ink">
          {adminMessages.tableSearch(view.searchLabel)}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden />
          <Input id={`${id}-search`} type="search" className="pl-9" value={view.query} onChange={(event) => view.setQuery(event.target.value)} />
        </div>
      </div>
      {view.filterOptions.length > 0 && (
        <div className="space-y-1 sm:w-56">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium text-ink">
            {adminMessages.tableFilter}
          </label>
          <Select id={`${id}-filter`} value={view.filter} onChange={(event) => view.setFilter(event.target.value)}>
            <option value={ALL}>{homeMessages.filterAll}</option>
            {view.filterOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}

/** Which rows are shown (announced as it changes) and the page buttons below a table. */
export function AdminTablePager<T>({ view }: { view: AdminTableView<T> }) {
  if (!view.rows) return null;
  const last = view.firstIndex + view.rows.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
      {/* Live, so a search's count is heard; not role="status", which the screens keep for loading. */}
      <p aria-live="polite">{view.matchCount > 0 ? adminMessages.tableShowing(view.firstIndex + 1, last, view.matchCount) : ''}</p>
      {view.pageCount > 1 && (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" disabled={view.page <= 1} onClick={() => view.setPage(view.page - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            <span>{adminMessages.tablePrevious}</span>
          </Button>
          <span className="tabular-nums">{adminMessages.tablePage(view.page, view.pageCount)}</span>
          <Button size="sm" variant="outline" disabled={view.page >= view.pageCount} onClick={() => view.setPage(view.page + 1)}>
            <span>{adminMessages.tableNext}</span>
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
