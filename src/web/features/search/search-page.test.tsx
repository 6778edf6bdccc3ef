import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Officer } from '../../../core/api';
import { MSG } from '../../../core/messages';
import { SORT_OPTIONS } from '../../../core/search';
import { mockApi, renderRoute, reply, type MockApi } from '../../test/render';
import { buildOfficer, buildRegiment, CONFEDERATE, REGIMENTS, UNION } from './search-fixtures';

const OFFICERS: Officer[] = [
  buildOfficer({ id: 1, name: 'Robert Lee', side: CONFEDERATE, regimentId: 3, regimentName: '2nd Virginia' }),
  buildOfficer({ id: 2, name: 'Fitz Lee', side: CONFEDERATE, regimentId: 4, regimentName: '15th Alabama' }),
];

function standardApi(overrides: Record<string, unknown> = {}) {
  return mockApi({
    '/api/sides': [UNION, CONFEDERATE],
    '/api/regiments': REGIMENTS,
    '/api/regiments/side/1': REGIMENTS.filter((r) => r.sideId === 1),
    '/api/regiments/side/2': REGIMENTS.filter((r) => r.sideId === 2),
    '/api/officers/search': OFFICERS,
    ...overrides,
  });
}

function searchCalls(api: MockApi) {
  return api.calls
    .filter((call) => call.url.startsWith('/api/officers/search'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
}

const lastSearchCall = (api: MockApi) => searchCalls(api).at(-1);
/** Card texts begin with the name (regiments) or the rank and name (officers). */
const startingWith = (...names: string[]) => names.map((name) => expect.stringMatching(new RegExp(`^${name}`)));
const resultNames = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('link').map((a) => a.textContent);

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
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', MSG.home.searchPlaceholder);
    await waitFor(() => expect(screen.getByLabelText('Side')).toHaveDisplayValue('Confederate'));
    await waitFor(() => expect(document.title).toContain('Search Officers'));
  });

  it('lists exactly the six sort options, Highest Average Rating chosen', async () => {
    standardApi();
    renderRoute('/search');
    const sort = await screen.findByLabelText('Sort by');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(SORT_OPTIONS.map((o) => o.label));
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Highest Average Rating',
      'Lowest Average Rating',
      'Alphabetical A-Z',
      'Alphabetical Z-A',
      'Most Reviews',
      'Least Reviews',
    ]);
    expect(sort).toHaveDisplayValue('Highest Average Rating');
    await screen.findByText('2 officers');
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

  it('offers the regiments of the chosen side, and a new side resets the regiment to all', async () => {
    const user = userEvent.setup();
    const api = standardApi();
    const { router } = renderRoute('/search?sideId=1&regimentId=1');
    const regiment = await screen.findByLabelText('Regiment');
    await waitFor(() => expect(regiment).toHaveDisplayValue('20th Maine'));
    expect(within(regiment).getAllByRole('option').map((o) => o.textContent)).toEqual([MSG.home.allRegiments, '20th Maine', '1st Minnesota']);
    await screen.findByText('2 officers');
    expect(lastSearchCall(api)).toMatchObject({ sideId: '1', regimentId: '1' });

    await user.selectOptions(screen.getByLabelText('Side'), 'Confederate');

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ sideId: '2' });
    expect(screen.getByLabelText('Regiment')).toHaveDisplayValue(MSG.home.allRegiments);
    await waitFor(() => expect(lastSearchCall(api)).toEqual({ sideId: '2', sortBy: 'rating', sortOrder: 'desc' }));
    await waitFor(() =>
      expect(within(screen.getByLabelText('Regiment')).getAllByRole('option').map((o) => o.textContent)).toEqual([
        MSG.home.allRegiments,
        '2nd Virginia',
        '15th Alabama',
      ]),
    );
  });

  it('lists every regiment when no side is chosen, and All Sides clears the side', async () => {
    const user = userEvent.setup();
    standardApi();
    const { router } = renderRoute('/search?sideId=2&regimentId=3');
    await screen.findByText('2 officers');
    await waitFor(() => expect(screen.getByLabelText('Regiment')).toHaveDisplayValue('2nd Virginia'));

    await user.selectOptions(screen.getByLabelText('Side'), MSG.home.allSides);

    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(within(screen.getByLabelText('Regiment')).getAllByRole('option')).toHaveLength(REGIMENTS.length + 1));
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

  it('follows the URL when it changes from outside, such as the back button', async () => {
    const user = userEvent.setup();
    standardApi();
    const { router } = renderRoute('/search?q=lee');
    await screen.findByText('2 officers');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Reviews');
    await router.navigate('/search?q=grant');
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('grant'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('lee'));
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Most Reviews');
  });

  it('ignores invalid values in the URL', async () => {
    const api = standardApi();
    renderRoute('/search?sideId=abc&regimentId=-4&sortBy=price&sortOrder=sideways&showRegiments=maybe');
    await screen.findByText('2 officers');
    expect(searchCalls(api)).toEqual([{ sortBy: 'rating', sortOrder: 'desc' }]);
    expect(screen.getByLabelText('Side')).toHaveDisplayValue(MSG.home.allSides);
    expect(screen.getByRole('tab', { name: 'Officers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows No Officers Found for an empty answer', async () => {
    standardApi({ '/api/officers/search': [] });
    renderRoute('/search?q=nobody');
    expect(await screen.findByText(MSG.search.noOfficers)).toBeInTheDocument();
    expect(screen.getByText('0 officers')).toBeInTheDocument();
  });

  it('shows an error alert when the search fails', async () => {
    standardApi({ '/api/officers/search': reply(500, { message: 'The database is down', code: 'INTERNAL' }) });
    renderRoute('/search?q=lee');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.search.loadOfficersFailed);
    expect(alert).toHaveTextContent('The database is down');
  });

  it('keeps the previous results on screen while the next query loads', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    standardApi({
      '/api/officers/search': ({ url }: { url: URL }) =>
        url.searchParams.get('sortBy') === 'name'
          ? new Promise((resolve) => {
              release = () => resolve([OFFICERS[1], OFFICERS[0]]);
            })
          : OFFICERS,
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
    expect(await screen.findByText(MSG.search.noRegiments)).toBeInTheDocument();
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
