import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byNameThenId } from '#core/names';
import type { RankedOfficer as Officer, OfficerSearchPage, Regiment } from '#core/api';
import { SEARCH_PAGE_SIZE } from '#core/constants';
import { commonMessages } from '#core/messages/common';
import { compareMessages } from '#core/messages/compare';
import { homeMessages } from '#core/messages/home';
import { regimentFactsMessages } from '#core/messages/regiment-facts';
import { searchMessages } from '#core/messages/search';
import { searchPageMessages } from '#core/messages/search-page';
import { SORT_OPTIONS } from '#core/search';
import { makeRegimentDetail } from '#web/test/fixtures';
import { mockApi, renderRoute, reply, type MockApi } from '#web/test/render';
import { buildOfficer, buildRegiment, CONFEDERATE, REGIMENTS, UNION } from './search-fixtures';

const OFFICERS: Officer[] = [
  buildOfficer({ id: 1, name: 'Robert Lee', side: CONFEDERATE, regimentId: 3, regimentName: '2nd Virginia' }),
  buildOfficer({ id: 2, name: 'Fitz Lee', side: CONFEDERATE, regimentId: 4, regimentName: '15th Alabama' }),
];

/** One page of GET /api/search/officers; by default the whole answer. */
const page = (officers: Officer[], totalCount = officers.length, nextCursor: string | null = null): OfficerSearchPage => ({
  officers,
  totalCount,
  nextCursor,
});

/** GET /api/search/regiments over the fixtures: the side's regiments whose name contains q, by name. */
function regimentChoices({ url }: { url: URL }) {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const sideId = Number(url.searchParams.get('sideId') ?? 0);
  const matches = REGIMENTS.filter((r) => (!sideId || r.sideId === sideId) && r.name.toLowerCase().includes(q))
    .sort(byNameThenId)
    .map((r) => ({ id: r.id, name: r.name, sideId: r.sideId, sideName: r.sideName }));
  return { regiments: matches, totalCount: matches.length };
}

/** GET /api/regiments/{id} of one of the fixtures' regiments. */
function regimentDetail(id: number) {
  return makeRegimentDetail(REGIMENTS.find((r) => r.id === id));
}

function standardApi(overrides: Record<string, unknown> = {}) {
  return mockApi({
    '/api/sides': [UNION, CONFEDERATE],
    '/api/regiments': REGIMENTS,
    '/api/search/regiments': regimentChoices,
    '/api/regiments/1': regimentDetail(1),
    '/api/regiments/3': regimentDetail(3),
    '/api/search/officers': page(OFFICERS),
    ...overrides,
  });
}

function searchCalls(api: MockApi) {
  return api.calls
    .filter((call) => call.url.startsWith('/api/search/officers'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
}

const lastSearchCall = (api: MockApi) => searchCalls(api).at(-1);
/** Card texts begin with the name (regiments) or the rank and name (officers). */
const startingWith = (...names: string[]) => names.map((name) => expect.stringMatching(new RegExp(`^${name}`)));
const resultNames = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('link')
    .map((a) => a.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/search, officers tab', () => {
  it('sends the URL filters with the default sort and shows the results with a count', async () => {
    const api = standardApi();
    renderRoute('/search?q=lee&sideId=2');

    expect(await screen.findByText('2 officers')).toBeInTheDocument();
    expect(searchCalls(api)).toEqual([{ q: 'lee', sideId: '2', sortBy: 'rating', sortOrder: 'desc' }]);
    expect(resultNames('Officers')).toEqual([expect.stringContaining('Robert Lee'), expect.stringContaining('Fitz Lee')]);
    expect(screen.getByLabelText('Search')).toHaveValue('lee');
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', homeMessages.searchPlaceholder);
    await waitFor(() => expect(screen.getByLabelText('Side')).toHaveDisplayValue('Confederate'));
    await waitFor(() => expect(document.title).toContain('Search Officers'));
  });

  it("lists the spec's six sort options and Best Match, Highest Average Rating chosen", async () => {
    standardApi();
    renderRoute('/search');
    const sort = await screen.findByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(SORT_OPTIONS.map((o) => o.label));
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Highest Average Rating',
      'Lowest Average Rating',
      'Alphabetical A-Z',
      'Alphabetical Z-A',
      'Most Reviews',
      'Least Reviews',
      'Best Match',
    ]);
    expect(sort).toHaveDisplayValue('Highest Average Rating');
    await screen.findByText('2 officers');
  });

  it('says under the sort control that the rating orders weigh the number of reviews, for the rating orders only (issue 36, item 6)', async () => {
    const user = userEvent.setup();
    standardApi();
    renderRoute('/search');
    const sort = await screen.findByLabelText('Sort by');
    // Visible text, not a tooltip, and the select's description for screen readers.
    expect(screen.getByText(searchPageMessages.ratingSortNote)).toBeVisible();
    expect(sort).toHaveAccessibleDescription(searchPageMessages.ratingSortNote);

    await user.selectOptions(sort, 'Lowest Average Rating');
    expect(screen.getByText(searchPageMessages.ratingSortNote)).toBeVisible();

    await user.selectOptions(sort, 'Alphabetical A-Z');
    expect(screen.queryByText(searchPageMessages.ratingSortNote)).not.toBeInTheDocument();
    expect(sort).not.toHaveAccessibleDescription();
  });

  it('puts a new sort in the URL and in the request', async () => {
    const user = userEvent.setup();
    const api = standardApi();
    const { router } = renderRoute('/search?q=lee');
    await screen.findByText('2 officers');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Alphabetical A-Z');

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'lee', sortBy: 'name', sortOrder: 'asc' });
    await waitFor(() => expect(lastSearchCall(api)).toEqual({ q: 'lee', sortBy: 'name', sortOrder: 'asc' }));
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Alphabetical A-Z');
  });

  it('puts Best Match in the URL and the request as sortBy=relevance, always descending', async () => {
    const user = userEvent.setup();
    const api = standardApi();
    const { router } = renderRoute('/search?q=lee&sortOrder=asc');
    await screen.findByText('2 officers');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Best Match');

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'lee', sortBy: 'relevance', sortOrder: 'desc' });
    await waitFor(() => expect(lastSearchCall(api)).toEqual({ q: 'lee', sortBy: 'relevance', sortOrder: 'desc' }));
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Best Match');
  });

  it('offers the regiments of the chosen side on demand, and a new side resets the regiment to all', async () => {
    const user = userEvent.setup();
    const api = standardApi();
    const { router } = renderRoute('/search?sideId=1&regimentId=1');
    const regiment = await screen.findByRole('combobox', { name: 'Regiment' });
    await waitFor(() => expect(regiment).toHaveValue('20th Maine'));
    await screen.findByText('2 officers');
    expect(lastSearchCall(api)).toMatchObject({ sideId: '1', regimentId: '1' });
    // Only the chosen regiment is loaded with the page, never every regiment.
    expect(api.calls.map((c) => c.url)).not.toContain('/api/regiments');

    await user.click(regiment);
    const choices = screen.getByRole('listbox', { name: searchMessages.regimentChoices });
    await waitFor(() =>
      expect(
        within(choices)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([commonMessages.allRegiments, '1st MinnesotaUnion', '20th MaineUnion']),
    );
    expect(api.calls.map((c) => c.url)).toContain('/api/search/regiments?sideId=1');
    await user.click(within(choices).getByRole('option', { name: /1st Minnesota/ }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ sideId: '1', regimentId: '2' }));

    await user.selectOptions(screen.getByLabelText('Side'), 'Confederate');

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ sideId: '2' });
    expect(screen.getByRole('combobox', { name: 'Regiment' })).toHaveValue('');
    await waitFor(() => expect(lastSearchCall(api)).toEqual({ sideId: '2', sortBy: 'rating', sortOrder: 'desc' }));
  });

  it('shows a regiment id that names no public regiment as chosen, and All Sides clears the side and regiment', async () => {
    const user = userEvent.setup();
    standardApi({ '/api/regiments/77': reply(404, { message: 'Regiment not found', code: 'NOT_FOUND' }) });
    const { router } = renderRoute('/search?sideId=2&regimentId=77');
    await screen.findByText('2 officers');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Regiment' })).toHaveValue('Regiment #77'));
    expect(screen.queryByText(searchMessages.loadFiltersFailed)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Side'), homeMessages.allSides);

    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Regiment' })).toHaveValue('');
  });

  it('types into q after a pause, replacing the history entry instead of adding one per key', async () => {
    const user = userEvent.setup();
    const api = standardApi();
    const { router } = renderRoute('/search');
    await screen.findByText('2 officers');

    await user.type(screen.getByLabelText('Search'), 'jackson');

    await waitFor(() => expect(router.state.location.search).toBe('?q=jackson'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(lastSearchCall(api)).toEqual({ q: 'jackson', sortBy: 'rating', sortOrder: 'desc' }));
    expect(searchCalls(api).map((call) => call.q)).toEqual([undefined, 'jackson']);
  });

  it('suggests as the reader types, of the chosen side, and opens a suggestion with the keyboard', async () => {
    const user = userEvent.setup();
    const api = standardApi({
      '/api/search/suggestions': {
        suggestions: [{ kind: 'regiment', id: 3, name: '2nd Virginia', sideCode: 'CSA', officerCount: 4 }],
      },
      '/api/regiments/3': regimentDetail(3),
    });
    const { router } = renderRoute('/search?sideId=2');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'virg');
    const suggestions = screen.getByRole('listbox', { name: searchMessages.suggestions, hidden: true });
    expect(await within(suggestions).findByRole('option', { name: /2nd Virginia/ })).toBeVisible();
    // The stub suggests the same for every term: the option may show for 'vir' before 'virg' is asked.
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/search/suggestions?q=virg&sideId=2'));

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/regiment/3'));
  });

  it('follows the URL when it changes from outside, such as the back button', async () => {
    const user = userEvent.setup();
    standardApi();
    const { router } = renderRoute('/search?q=lee');
    await screen.findByText('2 officers');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Reviews');
    await act(() => router.navigate('/search?q=grant'));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('grant'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('lee'));
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Most Reviews');
  });

  it('ignores invalid values in the URL', async () => {
    const api = standardApi();
    renderRoute('/search?sideId=abc&regimentId=-4&sortBy=price&sortOrder=sideways&showRegiments=maybe');
    await screen.findByText('2 officers');
    expect(searchCalls(api)).toEqual([{ sortBy: 'rating', sortOrder: 'desc' }]);
    expect(screen.getByLabelText('Side')).toHaveDisplayValue(homeMessages.allSides);
    expect(screen.getByRole('tab', { name: 'Officers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows No Officers Found for an empty answer', async () => {
    standardApi({ '/api/search/officers': page([]) });
    renderRoute('/search?q=nobody');
    expect(await screen.findByText(commonMessages.noOfficers)).toBeInTheDocument();
    expect(screen.getByText('0 officers')).toBeInTheDocument();
  });

  it('shows an error alert when the search fails', async () => {
    standardApi({ '/api/search/officers': reply(500, { message: 'The database is down', code: 'INTERNAL' }) });
    renderRoute('/search?q=lee');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(searchMessages.loadOfficersFailed);
    expect(alert).toHaveTextContent('The database is down');
  });

  it('keeps the previous results on screen while the next query loads', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    standardApi({
      '/api/search/officers': ({ url }: { url: URL }) =>
        url.searchParams.get('sortBy') === 'name'
          ? new Promise((resolve) => {
              release = () => resolve(page([OFFICERS[1]!, OFFICERS[0]!]));
            })
          : page(OFFICERS),
    });
    renderRoute('/search');
    await screen.findByText('2 officers');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Alphabetical A-Z');

    await waitFor(() => expect(release).toBeDefined());
    expect(resultNames('Officers')).toEqual([expect.stringContaining('Robert Lee'), expect.stringContaining('Fitz Lee')]);
    expect(screen.getByText('2 officers').parentElement).toHaveAttribute('aria-busy', 'true');
    release?.();
    await waitFor(() => expect(resultNames('Officers')[0]).toContain('Fitz Lee'));
    expect(screen.getByText('2 officers').parentElement).toHaveAttribute('aria-busy', 'false');
  });
});

/**
 * A stand-in for IntersectionObserver (jsdom has none): the test says when the observed sentinel
 * below the list comes into view, as a reader's scrolling would.
 */
function installScrolling() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: new Set() };
        observers.add(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.add(element);
      }
      unobserve(element: Element) {
        this.entry.elements.delete(element);
      }
      disconnect() {
        observers.delete(this.entry);
      }
      takeRecords() {
        return [];
      }
    },
  );
  return {
    /** The end of the list scrolls into view: every observer of an element hears it. */
    scrollToEnd() {
      // An event from the browser: React handles its updates before the test looks (act).
      act(() => {
        for (const { callback, elements } of [...observers]) {
          const entries = [...elements].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
          if (entries.length > 0) callback(entries, {} as IntersectionObserver);
        }
      });
    },
  };
}

/** 30 officers in three pages of 12, 12 and 6, as GET /api/search/officers would give them with limit 12. */
const MANY_OFFICERS = Array.from({ length: 30 }, (_, i) =>
  buildOfficer({ id: 100 + i, name: `Officer ${String(i + 1).padStart(2, '0')}`, side: UNION, regimentId: 1, regimentName: '20th Maine' }),
);
function pagedSearch(options: { failSecondPage?: boolean } = {}) {
  let failures = options.failSecondPage ? 1 : 0;
  return ({ url }: { url: URL }) => {
    const after = url.searchParams.get('after');
    if (after === null) return page(MANY_OFFICERS.slice(0, 12), 30, 'cursor-12');
    if (after === 'cursor-12') {
      if (failures-- > 0) return reply(503, { message: 'The site is very busy right now.', code: 'UNAVAILABLE' });
      return page(MANY_OFFICERS.slice(12, 24), 30, 'cursor-24');
    }
    if (after === 'cursor-24') return page(MANY_OFFICERS.slice(24), 30, null);
    return reply(400, { message: 'unexpected cursor', code: 'VALIDATION' });
  };
}

describe('/search, officers tab: paging', () => {
  it('says the true total and loads the next pages with Load more until the last', async () => {
    const user = userEvent.setup();
    const api = standardApi({ '/api/search/officers': pagedSearch() });
    renderRoute('/search');

    expect(await screen.findByText('30 officers')).toBeInTheDocument();
    expect(resultNames('Officers')).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 30 officers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreOfficers }));
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(24));
    expect(searchCalls(api).at(-1)).toEqual({ sortBy: 'rating', sortOrder: 'desc', after: 'cursor-12' });

    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreOfficers }));
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(30));
    expect(resultNames('Officers')).toEqual(MANY_OFFICERS.map((officer) => expect.stringContaining(officer.name)));
    expect(screen.getByText('30 officers')).toBeInTheDocument();
    // The last page has no cursor: nothing more to ask for.
    expect(screen.queryByRole('button', { name: searchMessages.loadMoreOfficers })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(searchCalls(api).map((call) => call.after)).toEqual([undefined, 'cursor-12', 'cursor-24']);
  });

  it('keeps the keyboard on Load more while the next page loads and after it arrives (issue 36, item 6)', async () => {
    const user = userEvent.setup();
    standardApi({ '/api/search/officers': pagedSearch() });
    renderRoute('/search');

    await screen.findByText('30 officers');
    const button = screen.getByRole('button', { name: searchMessages.loadMoreOfficers });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(24));
    // The same button, never swapped for a spinner, so the focus did not fall to the top of the page.
    expect(screen.getByRole('button', { name: searchMessages.loadMoreOfficers })).toBe(button);
    expect(button).toHaveFocus();
  });

  it('loads the next page as the reader scrolls to the end of the list', async () => {
    const scrolling = installScrolling();
    const api = standardApi({ '/api/search/officers': pagedSearch() });
    renderRoute('/search?q=officer');
    await screen.findByText('30 officers');
    expect(searchCalls(api)).toHaveLength(1);

    scrolling.scrollToEnd();
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(24));
    expect(searchCalls(api).at(-1)).toMatchObject({ q: 'officer', after: 'cursor-12' });
  });

  it('keeps what it shows when the next page fails, and tries again on the button', async () => {
    const user = userEvent.setup();
    standardApi({ '/api/search/officers': pagedSearch({ failSecondPage: true }) });
    renderRoute('/search');
    await screen.findByText('30 officers');

    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreOfficers }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The site is very busy right now.');
    expect(resultNames('Officers')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreOfficers }));
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(24));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts again from the first page for a new sort', async () => {
    const user = userEvent.setup();
    const api = standardApi({ '/api/search/officers': pagedSearch() });
    renderRoute('/search');
    await screen.findByText('30 officers');
    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreOfficers }));
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(24));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Alphabetical A-Z');
    await waitFor(() => expect(searchCalls(api).at(-1)).toEqual({ sortBy: 'name', sortOrder: 'asc' }));
    await waitFor(() => expect(resultNames('Officers')).toHaveLength(12));
  });
});

describe('/search, regiments tab', () => {
  it('filters by q and side and sorts in the browser, without the officer search', async () => {
    const api = standardApi();
    renderRoute('/search?showRegiments=true&q=maine&sortBy=name&sortOrder=asc');

    expect(await screen.findByText('2 regiments')).toBeInTheDocument();
    expect(resultNames('Regiments')).toEqual(startingWith('15th Alabama', '20th Maine'));
    expect(screen.getByRole('tab', { name: 'Regiments' })).toHaveAttribute('aria-selected', 'true');
    expect(searchCalls(api)).toEqual([]);
    await waitFor(() => expect(document.title).toContain('Search Regiments'));
  });

  it('sorts by rating by default and applies the side', async () => {
    const user = userEvent.setup();
    standardApi();
    renderRoute('/search?showRegiments=true');
    await screen.findByText('4 regiments');
    expect(resultNames('Regiments')).toEqual(startingWith('20th Maine', '2nd Virginia', '1st Minnesota', '15th Alabama'));

    await user.selectOptions(screen.getByLabelText('Side'), 'Confederate');
    expect(await screen.findByText('2 regiments')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Reviews');
    expect(resultNames('Regiments')).toEqual(startingWith('15th Alabama', '2nd Virginia'));
  });

  it('filters by region, language and recruiting (issue 36, item 5), keeping them in the URL', async () => {
    const user = userEvent.setup();
    const facts = (region: Regiment['region'], languages: Regiment['languages'], recruiting: boolean | null) => ({ region, languages, recruiting });
    standardApi({
      '/api/regiments': [
        buildRegiment({ id: 1, name: '20th Maine', sideId: 1, ...facts('NA', ['en'], true) }),
        buildRegiment({ id: 2, name: '1st Minnesota', sideId: 1, ...facts('NA', ['en'], false) }),
        buildRegiment({ id: 3, name: '2nd Virginia', sideId: 2, ...facts('EU', ['de', 'en'], true) }),
        buildRegiment({ id: 4, name: '15th Alabama', sideId: 2, ...facts(null, [], null) }),
      ],
    });
    const { router } = renderRoute('/search?showRegiments=true');
    await screen.findByText('4 regiments');

    await user.selectOptions(screen.getByLabelText('Region'), 'North America (NA)');
    expect(await screen.findByText('2 regiments')).toBeInTheDocument();
    await user.click(screen.getByLabelText(regimentFactsMessages.recruitingOnly));
    expect(await screen.findByText('1 regiment')).toBeInTheDocument();
    expect(resultNames('Regiments')).toEqual(startingWith('20th Maine'));
    expect(screen.getByRole('list', { name: 'Regiments' })).toHaveTextContent('Recruiting · NA · English');
    expect(router.state.location.search).toBe('?showRegiments=true&region=NA&recruiting=true');

    await user.selectOptions(screen.getByLabelText('Region'), regimentFactsMessages.allRegions);
    await user.selectOptions(screen.getByLabelText('Language'), 'German');
    expect(await screen.findByText('1 regiment')).toBeInTheDocument();
    expect(resultNames('Regiments')).toEqual(startingWith('2nd Virginia'));
  });

  it('hides the regiment filter', async () => {
    standardApi();
    renderRoute('/search?showRegiments=true');
    await screen.findByText('4 regiments');
    expect(screen.queryByLabelText('Regiment')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Side')).toBeInTheDocument();
  });

  it('shows No Regiments Found when nothing matches', async () => {
    standardApi();
    renderRoute('/search?showRegiments=true&q=zouaves');
    expect(await screen.findByText(searchMessages.noRegiments)).toBeInTheDocument();
    expect(screen.getByText('0 regiments')).toBeInTheDocument();
  });

  it('switches tabs through the URL', async () => {
    const user = userEvent.setup();
    standardApi({ '/api/regiments': [...REGIMENTS, buildRegiment({ id: 9, name: 'Lee Guards', sideId: 2 })] });
    const { router } = renderRoute('/search?q=lee');
    await screen.findByText('2 officers');

    await user.click(screen.getByRole('tab', { name: 'Regiments' }));

    expect(router.state.location.search).toBe('?q=lee&showRegiments=true');
    expect(await screen.findByText('1 regiment')).toBeInTheDocument();
    expect(screen.queryByLabelText('Regiment')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Officers' }));
    expect(router.state.location.search).toBe('?q=lee');
    expect(await screen.findByLabelText('Regiment')).toBeInTheDocument();
  });
});

describe('/search, regiments tab: paging', () => {
  const MANY_REGIMENTS = Array.from({ length: 30 }, (_, i) =>
    buildRegiment({ id: 200 + i, name: `Regiment ${String(i + 1).padStart(2, '0')}`, sideId: i % 2 === 0 ? 1 : 2, averageRating: 3, reviewCount: 1 }),
  );

  it(`says the true total and shows ${SEARCH_PAGE_SIZE} regiments at a time, more on Load more or on scrolling`, async () => {
    const user = userEvent.setup();
    const scrolling = installScrolling();
    standardApi({ '/api/regiments': MANY_REGIMENTS });
    renderRoute('/search?showRegiments=true&sortBy=name&sortOrder=asc');

    expect(await screen.findByText('30 regiments')).toBeInTheDocument();
    expect(resultNames('Regiments')).toHaveLength(SEARCH_PAGE_SIZE);
    expect(screen.getByText(`Showing ${SEARCH_PAGE_SIZE} of 30 regiments`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: searchMessages.loadMoreRegiments }));
    expect(resultNames('Regiments')).toEqual(startingWith(...MANY_REGIMENTS.map((regiment) => regiment.name)));
    expect(screen.queryByRole('button', { name: searchMessages.loadMoreRegiments })).not.toBeInTheDocument();

    // A new filter starts from the top again: 15 Union regiments, a page's worth of them first.
    await user.selectOptions(screen.getByLabelText('Side'), 'Union');
    expect(await screen.findByText('15 regiments')).toBeInTheDocument();
    expect(resultNames('Regiments')).toHaveLength(15);
    await user.selectOptions(screen.getByLabelText('Side'), homeMessages.allSides);
    expect(await screen.findByText('30 regiments')).toBeInTheDocument();
    expect(resultNames('Regiments')).toHaveLength(SEARCH_PAGE_SIZE);

    scrolling.scrollToEnd();
    await waitFor(() => expect(resultNames('Regiments')).toHaveLength(30));
  });
});

describe('/search: choosing results to compare (issue 36)', () => {
  it('opens the comparison of the officers chosen, from two on, each tab choosing its own kind', async () => {
    const user = userEvent.setup();
    standardApi();
    renderRoute('/search');
    await screen.findByText('2 officers');

    await user.click(screen.getByRole('checkbox', { name: 'Compare Col. Robert Lee' }));
    expect(screen.getByText(compareMessages.selectedCount(1))).toBeInTheDocument();
    expect(screen.getByText(compareMessages.chooseOneMore)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Compare Col. Fitz Lee' }));
    expect(screen.getByRole('link', { name: compareMessages.openComparison })).toHaveAttribute('href', '/compare?officers=1,2');

    // The regiments tab starts with none chosen; its four fill the comparison.
    await user.click(screen.getByRole('tab', { name: 'Regiments' }));
    await screen.findByText('4 regiments');
    expect(screen.queryByText(compareMessages.selectedCount(2))).not.toBeInTheDocument();
    for (const name of ['20th Maine', '1st Minnesota', '2nd Virginia']) await user.click(screen.getByRole('checkbox', { name: `Compare ${name}` }));
    expect(screen.getByRole('link', { name: compareMessages.openComparison })).toHaveAttribute('href', '/compare?regiments=1,2,3');

    await user.click(screen.getByRole('button', { name: compareMessages.clearSelection }));
    expect(screen.queryByRole('link', { name: compareMessages.openComparison })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Compare 20th Maine' })).not.toBeChecked();
  });
});
