import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useId, useMemo, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS, SEARCH_PAGE_SIZE } from '#core/constants';
import { commonMessages } from '#core/messages/common';
import { homeMessages } from '#core/messages/home';
import { regimentFactsMessages } from '#core/messages/regiment-facts';
import { searchMessages } from '#core/messages/search';
import { searchPageMessages } from '#core/messages/search-page';
import { LANGUAGE_CODES, REGIONS } from '#core/regiment-facts';
import { parseRegimentFinderParams, writeRegimentFinderParams, type RegimentFinderState } from '#core/regiment-finder-params';
import { LANGUAGE_NAMES, REGION_NAMES } from '#core/regiment-facts-display';
import { SORT_OPTIONS } from '#core/search';
import { officerSearchPagesQueryOptions } from '#web/api/officers';
import { regimentQueryOptions, regimentsQueryOptions } from '#web/api/regiments';
import { sidesQueryOptions } from '#web/api/sides';
import type { Regiment, RegimentChoice } from '#core/api';
import { OfficerCard } from '#web/components/domain/officer-card';
import { RegimentCard } from '#web/components/domain/regiment-card';
import { RegimentChoiceBox } from '#web/components/domain/regiment-choice-box';
import { SearchSuggestionsBox } from '#web/components/domain/search-suggestions-box';
import { Alert } from '#web/components/ui/feedback';
import { Label, Select } from '#web/components/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { selectRegimentResults } from './regiment-results';
import { CompareBar, CompareCheckbox, useCompareSelection } from './compare-selection';
import { collectSearchPages } from './search-pages';
import { SearchResults } from './search-results';
import { fromSortValue, officerSearchOf, parseSearchParams, serializeSearchParams, toSortValue, type SearchState } from '#core/search-params';
import { useDebouncedQueryText } from './use-debounced-query-text';
import { useRevealedCount } from './use-revealed-count';

type Tab = 'officers' | 'regiments';

/**
 * The options of a filter select. A chosen id the list does not (yet) contain still shows as chosen,
 * instead of the select silently reading 'All' while the results are filtered.
 */
function filterOptions(items: ReadonlyArray<{ id: number; name: string }> | undefined, selectedId: number | null, noun: string) {
  const options = [...(items ?? [])];
  if (selectedId !== null && !options.some((o) => o.id === selectedId)) {
    options.push({ id: selectedId, name: items ? `${noun} #${selectedId}` : 'Loading…' });
  }
  return options;
}

/**
 * The regiment filter's choice for the URL's regimentId: its name once loaded. An id that names no
 * public regiment still shows as chosen, instead of the filter silently reading 'All' while the
 * results are filtered.
 */
function chosenRegimentOf(regimentId: number | null, regiment: Regiment | undefined, isPending: boolean): RegimentChoice | null {
  if (regimentId === null) return null;
  if (regiment) return { id: regiment.id, name: regiment.name, sideId: regiment.sideId, sideName: regiment.sideName };
  return { id: regimentId, name: isPending ? 'Loading…' : `Regiment #${regimentId}`, sideId: 0, sideName: '' };
}

/**
 * The Regiments tab's finder (issue 36, item 5): region, language and recruiting, kept in the URL
 * like every filter of the screen, and applied with the side by the test GET /api/regiments uses.
 */
function RegimentFinderFilters({
  finder,
  update: updateUrl,
}: {
  finder: RegimentFinderState;
  update: (patch: Partial<RegimentFinderState>, options: { flushSync: boolean }) => void;
}) {
  const ids = { region: useId(), language: useId(), recruiting: useId() };
  // The controls show what the URL holds: the router applies a change in a transition, and until it
  // commits React would put a controlled checkbox or select back as it was (a click seems lost for a
  // moment). Applied at once instead; the list is filtered in the same render.
  const update = (patch: Partial<RegimentFinderState>) => updateUrl(patch, { flushSync: true });
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.region}>Region</Label>
        <Select
          id={ids.region}
          value={finder.region ?? 'all'}
          onChange={(event) => update({ region: REGIONS.find((region) => region === event.target.value) ?? null })}
        >
          <option value="all">{regimentFactsMessages.allRegions}</option>
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {REGION_NAMES[region]} ({region})
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.language}>Language</Label>
        <Select
          id={ids.language}
          value={finder.language ?? 'all'}
          onChange={(event) => update({ language: LANGUAGE_CODES.find((code) => code === event.target.value) ?? null })}
        >
          <option value="all">{regimentFactsMessages.allLanguages}</option>
          {LANGUAGE_CODES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2 self-end pb-2.5">
        <input
          id={ids.recruiting}
          type="checkbox"
          className="h-4 w-4 accent-union-dark"
          checked={finder.recruiting}
          onChange={(event) => update({ recruiting: event.target.checked })}
        />
        <Label htmlFor={ids.recruiting}>{regimentFactsMessages.recruitingOnly}</Label>
      </div>
    </>
  );
}

/**
 * What the finder filters on, under each regiment of the tab, so a filtered list shows why each is
 * in it. Beside the card rather than in it: the home page's cards are on the first screen, whose
 * JavaScript budget is spent.
 */
function RegimentFactsLine({ regiment }: { regiment: Regiment }) {
  const facts = [
    regiment.recruiting ? regimentFactsMessages.recruiting : null,
    regiment.region,
    regiment.languages.map((code) => LANGUAGE_NAMES[code]).join(', ') || null,
  ].filter((fact) => fact !== null);
  if (facts.length === 0) return null;
  return <p className="mt-1 px-4 text-sm text-stone-600">{facts.join(' · ')}</p>;
}

function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useMemo(() => parseSearchParams(searchParams), [searchParams]);
  const tab: Tab = search.showRegiments ? 'regiments' : 'officers';
  useDocumentTitle(search.showRegiments ? 'Search Regiments' : 'Search Officers');

  const finder = useMemo(() => parseRegimentFinderParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<SearchState & RegimentFinderState>, options?: { replace?: boolean; flushSync?: boolean }) =>
      setSearchParams(
        (current) =>
          writeRegimentFinderParams(serializeSearchParams({ ...parseSearchParams(current), ...patch }), {
            ...parseRegimentFinderParams(current),
            ...patch,
          }),
        options,
      ),
    [setSearchParams],
  );
  // Typing replaces the history entry, so the back button leaves /search instead of un-typing letters.
  const commitQuery = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const { text, setText, commitNow, cancelPending } = useDebouncedQueryText(search.q, commitQuery);

  const sidesQuery = useQuery(sidesQueryOptions());
  // The Regiments tab filters and sorts every regiment in the browser (docs/decisions/0019-search-paging.md);
  // the Officers tab's regiment filter loads its choices on demand, and only the chosen one's name.
  const allRegimentsQuery = useQuery({ ...regimentsQueryOptions(), enabled: tab === 'regiments' });
  const chosenRegimentQuery = useQuery({
    ...regimentQueryOptions(search.regimentId ?? 0),
    enabled: tab === 'officers' && search.regimentId !== null,
  });
  // A page at a time, more as the reader scrolls (docs/decisions/0019-search-paging.md).
  const officersQuery = useInfiniteQuery({
    ...officerSearchPagesQueryOptions(officerSearchOf(search)),
    placeholderData: keepPreviousData,
    enabled: tab === 'officers',
  });
  const officerResults = useMemo(() => collectSearchPages(officersQuery.data?.pages ?? []), [officersQuery.data]);

  const chosenRegiment = chosenRegimentOf(search.regimentId, chosenRegimentQuery.data, chosenRegimentQuery.isPending);
  const regimentResults = useMemo(
    () => selectRegimentResults(allRegimentsQuery.data ?? [], { ...search, ...finder }),
    [allRegimentsQuery.data, search, finder],
  );
  // Every regiment is in memory already: drawn a page's worth at a time, from the top for each new filter or sort.
  const [regimentsShown, showMoreRegiments] = useRevealedCount(
    SEARCH_PAGE_SIZE,
    JSON.stringify([search.q, search.sideId, finder, search.sortBy, search.sortOrder]),
  );

  // The tabs' values are the comparison's kinds: each tab chooses its own (compare-selection.tsx).
  const compareSelection = useCompareSelection(tab);

  const ids = { q: useId(), side: useId(), regiment: useId(), sort: useId(), sortNote: useId() };
  const isRatingSort = search.sortBy === 'rating';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commitNow();
  };
  const filtersFailed = sidesQuery.isError;

  return (
    <section className="space-y-6">
      <header>
        <h1 className="font-serif text-3xl font-bold text-primary">Search</h1>
        <p className="mt-1 text-stone-600">Find officers and regiments by name, side and regiment.</p>
      </header>

      <form
        role="search"
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-4 rounded-lg border border-stone-200 bg-surface p-4 shadow-sm md:grid-cols-2 lg:grid-cols-4"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-4">
          <Label htmlFor={ids.q}>Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 z-10 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden />
            <SearchSuggestionsBox
              id={ids.q}
              className="pl-9"
              placeholder={homeMessages.searchPlaceholder}
              maxLength={LIMITS.searchQueryMax}
              value={text}
              onValueChange={setText}
              sideId={search.sideId}
              onChoose={cancelPending}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.side}>Side</Label>
          <Select
            id={ids.side}
            value={search.sideId ?? 'all'}
            // A regiment belongs to one side: a new side makes the old regiment choice meaningless.
            onChange={(event) => update({ sideId: event.target.value === 'all' ? null : Number(event.target.value), regimentId: null })}
          >
            <option value="all">{homeMessages.allSides}</option>
            {filterOptions(sidesQuery.data, search.sideId, 'Side').map((side) => (
              <option key={side.id} value={side.id}>
                {side.name}
              </option>
            ))}
          </Select>
        </div>
        {tab === 'officers' && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.regiment}>Regiment</Label>
            <RegimentChoiceBox
              id={ids.regiment}
              value={chosenRegiment}
              onChange={(regiment) => update({ regimentId: regiment?.id ?? null })}
              sideId={search.sideId}
            />
          </div>
        )}
        {tab === 'regiments' && <RegimentFinderFilters finder={finder} update={update} />}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <Select
            id={ids.sort}
            value={toSortValue(search)}
            onChange={(event) => update(fromSortValue(event.target.value))}
            aria-describedby={isRatingSort ? ids.sortNote : undefined}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          {isRatingSort && (
            <p id={ids.sortNote} className="text-xs text-stone-600">
              {searchPageMessages.ratingSortNote}
            </p>
          )}
        </div>
      </form>

      {filtersFailed && <Alert variant="destructive" title={searchMessages.loadFiltersFailed} />}

      <Tabs value={tab} onValueChange={(value) => update({ showRegiments: value === 'regiments' })}>
        <TabsList aria-label="Results">
          <TabsTrigger value="officers">Officers</TabsTrigger>
          <TabsTrigger value="regiments">Regiments</TabsTrigger>
        </TabsList>
        <TabsContent value="officers">
          <SearchResults
            label="Officers"
            totalCount={officerResults.totalCount}
            shownCount={officerResults.officers.length}
            isPending={officersQuery.isPending}
            isRefreshing={officersQuery.isPlaceholderData}
            // A failed next page keeps the officers already shown (paging.loadMoreError).
            error={officersQuery.data ? null : officersQuery.error}
            errorTitle={searchMessages.loadOfficersFailed}
            emptyTitle={commonMessages.noOfficers}
            noun={{ singular: 'officer', plural: 'officers' }}
            paging={{
              hasMore: officersQuery.hasNextPage && !officersQuery.isPlaceholderData,
              isLoadingMore: officersQuery.isFetchingNextPage,
              loadMore: () => void officersQuery.fetchNextPage(),
              loadMoreError: officersQuery.isFetchNextPageError ? officersQuery.error : undefined,
              loadMoreLabel: searchMessages.loadMoreOfficers,
              loadingMoreLabel: searchMessages.loadingMoreOfficers,
            }}
          >
            {officerResults.officers.map((officer) => (
              // The card fills what the row leaves above the compare box: at its full height it overflowed
              // the cell, and the box sat under the next row's card (a phone's one column). One column
              // of minmax(0, 1fr), so a long name wraps instead of widening the cell.
              <li key={officer.id} className="grid grid-cols-1 grid-rows-[1fr_auto]">
                <OfficerCard officer={officer} />
                <CompareCheckbox selection={compareSelection} id={officer.id} name={`${officer.rank} ${officer.name}`} />
              </li>
            ))}
          </SearchResults>
        </TabsContent>
        <TabsContent value="regiments">
          <SearchResults
            label="Regiments"
            totalCount={regimentResults.length}
            shownCount={Math.min(regimentsShown, regimentResults.length)}
            isPending={allRegimentsQuery.isPending}
            isRefreshing={false}
            error={allRegimentsQuery.error}
            errorTitle={searchMessages.loadRegimentsFailed}
            emptyTitle={searchMessages.noRegiments}
            noun={{ singular: 'regiment', plural: 'regiments' }}
            paging={{
              hasMore: regimentsShown < regimentResults.length,
              isLoadingMore: false,
              loadMore: showMoreRegiments,
              loadMoreLabel: searchMessages.loadMoreRegiments,
            }}
          >
            {regimentResults.slice(0, regimentsShown).map((regiment) => (
              <li key={regiment.id} className="grid grid-cols-1 grid-rows-[1fr_auto_auto]">
                <RegimentCard regiment={regiment} />
                <RegimentFactsLine regiment={regiment} />
                <CompareCheckbox selection={compareSelection} id={regiment.id} name={regiment.name} />
              </li>
            ))}
          </SearchResults>
        </TabsContent>
      </Tabs>
      <CompareBar selection={compareSelection} />
    </section>
  );
}

export { SearchPage as Component };
