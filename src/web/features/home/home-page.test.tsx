import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { byNameThenId } from '#core/names';
import type { AuthStatus } from '#core/api';
import { anonymousSoldier } from '#core/messages/common';
import { homeMessages } from '#core/messages/home';
import { searchMessages } from '#core/messages/search';
import { makeReviewAuthor } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { CONFEDERATE, UNION, buildOfficer, buildRegiment, buildReview } from './home-fixtures';

const regiments = [
  buildRegiment({ id: 1, name: '20th Maine', sideId: UNION.id, averageRating: 4.2, reviewCount: 5 }),
  buildRegiment({ id: 2, name: '69th New York', sideId: UNION.id, averageRating: 3.1, reviewCount: 2 }),
  buildRegiment({ id: 3, name: '1st Texas', sideId: CONFEDERATE.id, averageRating: 4.7, reviewCount: 7 }),
  buildRegiment({ id: 4, name: '5th Alabama', sideId: CONFEDERATE.id, averageRating: 0 }),
];

const unionOfficer = buildOfficer({ id: 10, name: 'Joshua Chamberlain', rank: 'Colonel' });
const confederateOfficer = buildOfficer({ id: 11, name: 'John Bell Hood', rank: 'General', side: CONFEDERATE, regimentName: '1st Texas' });

/** GET /api/search/regiments over the fixtures: the side's regiments whose name contains q, by name. */
function regimentChoices({ url }: { url: URL }) {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const sideId = Number(url.searchParams.get('sideId') ?? 0);
  const matches = regiments
    .filter((r) => (!sideId || r.sideId === sideId) && r.name.toLowerCase().includes(q))
    .sort(byNameThenId)
    .map((r) => ({ id: r.id, name: r.name, sideId: r.sideId, sideName: r.sideId === UNION.id ? UNION.name : CONFEDERATE.name }));
  return { regiments: matches, totalCount: matches.length };
}

function mockHome(overrides: Record<string, unknown> = {}) {
  return mockApi({
    '/api/sides': [UNION, CONFEDERATE],
    '/api/search/regiments': regimentChoices,
    // The server's choice (GET /api/regiments/featured); the rule itself is tested there.
    '/api/regiments/featured': [regiments[0], regiments[2]],
    '/api/officers/top': ({ url }: { url: URL }) => {
      const side = url.searchParams.get('side');
      if (side === 'CSA') return [confederateOfficer];
      if (side === 'USA') return [unionOfficer];
      return [unionOfficer, confederateOfficer];
    },
    '/api/reviews/recent': [],
    ...overrides,
  });
}

function signedIn(officerId: number | null): AuthStatus {
  return {
    authenticated: true,
    user: { id: 7, username: 'Sgt. Kilrain', role: 'user', isAdmin: false, isOfficer: officerId !== null, officerId, steamId: null },
  };
}

describe('Home', () => {
  it('greets a visitor with the hero and sets the page title', async () => {
    mockHome();
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: /know who you are following/i })).toBeInTheDocument();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
    expect(document.title).toBe('WoR Officer Ratings');
  });

  it('welcomes a signed-in user with shortcuts, offering officer registration only without an officer profile', async () => {
    mockHome({ '/api/auth/status': signedIn(null) });
    const first = renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sgt. Kilrain' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /your account/i })).toHaveAttribute('href', '/my-reviews');
    expect(screen.getByRole('link', { name: /register regiment.*add your regiment/i })).toHaveAttribute('href', '/register-regiment');
    expect(screen.getByRole('link', { name: /register as officer.*officer profile/i })).toHaveAttribute('href', '/register-officer');
    first.unmount();

    mockHome({ '/api/auth/status': signedIn(10) });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sgt. Kilrain' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /register as officer.*officer profile/i })).not.toBeInTheDocument();
  });

  it('lists top officers and filters them by side', async () => {
    const api = mockHome();
    const user = userEvent.setup();
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Top Rated Officers' });

    expect(await within(section).findByRole('link', { name: /Joshua Chamberlain/ })).toHaveAttribute('href', '/officer/10');
    expect(within(section).getByRole('link', { name: /John Bell Hood/ })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(section).getByRole('button', { name: 'Confederate' }));
    expect(within(section).getByRole('button', { name: 'Confederate' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(within(section).queryByRole('link', { name: /Joshua Chamberlain/ })).not.toBeInTheDocument());
    expect(within(section).getByRole('link', { name: /John Bell Hood/ })).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/officers/top?side=CSA');
  });

  it('shows the empty texts when there are no top officers and no reviews', async () => {
    mockHome({ '/api/officers/top': [], '/api/reviews/recent': [] });
    renderRoute('/');
    expect(await screen.findByText(homeMessages.noTopOfficers)).toBeInTheDocument();
    expect(await screen.findByText(homeMessages.noReviews)).toBeInTheDocument();
  });

  it('shows an alert with the message when a list cannot be loaded', async () => {
    mockHome({ '/api/officers/top': reply(500, { message: 'Database unavailable', code: 'INTERNAL' }) });
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Top Rated Officers' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Top officers could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('features the regiments the server chose, one per side', async () => {
    const api = mockHome();
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Featured Regiments' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/regiment/1', '/regiment/3']);
    expect(links[0]).toHaveTextContent('20th Maine');
    expect(links[1]).toHaveTextContent('1st Texas');
    expect(api.calls.map((c) => c.url)).toContain('/api/regiments/featured');
  });

  it('shows a friendly empty state when no regiment has a rating yet', async () => {
    mockHome({ '/api/regiments/featured': [] });
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Featured Regiments' });
    expect(await within(section).findByText('No rated regiments yet')).toBeInTheDocument();
  });

  it("lists recent reviews with their officer, an anonymous author, and a named author's profile and Steam links", async () => {
    mockHome({
      '/api/reviews/recent': [
        buildReview({ id: 1, text: 'Calm under fire.', user: makeReviewAuthor() }),
        buildReview({ id: 2, text: 'Loud and clear orders.', user: makeReviewAuthor({ username: 'Buster', steamId: '76561198000000001' }) }),
      ],
    });
    renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Recent Reviews' });
    expect(await within(section).findByText('Calm under fire.')).toBeInTheDocument();
    expect(within(section).getByText(anonymousSoldier)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Buster' })).toHaveAttribute('href', '/reviewer/101');
    expect(within(section).getByRole('link', { name: 'Buster, Steam profile (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/profiles/76561198000000001',
    );
    expect(within(section).getAllByRole('link', { name: 'Colonel Joshua Chamberlain' })[0]).toHaveAttribute('href', '/officer/1');
  });

  it('sends the Find an Officer form to /search with the chosen filters, loading the regiment choices only when asked', async () => {
    const api = mockHome();
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const form = await screen.findByRole('search', { name: 'Find an Officer' });
    const side = within(form).getByLabelText('Side');
    const regiment = within(form).getByRole('combobox', { name: 'Regiment' });
    await waitFor(() => expect(within(side).getByRole('option', { name: 'Confederate' })).toBeInTheDocument());
    expect(regiment).toHaveAttribute('placeholder', 'All Regiments');
    // Home never downloads every regiment: the choices come when the selector opens.
    expect(api.calls.map((c) => c.url)).not.toContain('/api/regiments');
    expect(api.calls.some((c) => c.url.startsWith('/api/search/regiments'))).toBe(false);

    await user.click(regiment);
    const choices = within(form).getByRole('listbox', { name: searchMessages.regimentChoices });
    await waitFor(() =>
      expect(
        within(choices)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Regiments', '1st TexasConfederate', '5th AlabamaConfederate', '20th MaineUnion', '69th New YorkUnion']),
    );
    expect(api.calls.map((c) => c.url)).toContain('/api/search/regiments');

    await user.type(within(form).getByPlaceholderText(homeMessages.searchPlaceholder), 'Hood');
    await user.selectOptions(side, 'Confederate');
    await user.click(regiment);
    await user.keyboard('tex');
    await waitFor(() =>
      expect(
        within(choices)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['1st TexasConfederate']),
    );
    expect(api.calls.map((c) => c.url)).toContain('/api/search/regiments?q=tex&sideId=2');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(regiment).toHaveValue('1st Texas');
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Hood&sideId=2&regimentId=3');
  });

  it('drops a chosen regiment when the side changes to the other side, and All Regiments clears it', async () => {
    mockHome();
    const user = userEvent.setup();
    renderRoute('/');
    const form = await screen.findByRole('search', { name: 'Find an Officer' });
    const regiment = within(form).getByRole('combobox', { name: 'Regiment' });
    await waitFor(() => expect(within(form).getByLabelText('Side')).toBeEnabled());

    await user.click(regiment);
    await user.click(await within(form).findByRole('option', { name: /20th Maine/ }));
    expect(regiment).toHaveValue('20th Maine');
    await user.selectOptions(within(form).getByLabelText('Side'), 'Union');
    expect(regiment).toHaveValue('20th Maine');
    await user.selectOptions(within(form).getByLabelText('Side'), 'Confederate');
    expect(regiment).toHaveValue('');

    await user.click(regiment);
    await user.click(await within(form).findByRole('option', { name: /1st Texas/ }));
    expect(regiment).toHaveValue('1st Texas');
    await user.click(regiment);
    // Leaving without a choice keeps the one made; All Regiments is a choice like the others.
    await user.keyboard('{Escape}');
    expect(regiment).toHaveValue('1st Texas');
    await user.click(regiment);
    await user.click(await within(form).findByRole('option', { name: 'All Regiments' }));
    expect(regiment).toHaveValue('');
  });

  it('suggests officers as the visitor types, and Enter without a chosen suggestion still searches', async () => {
    const api = mockHome({
      '/api/search/suggestions': {
        suggestions: [
          {
            kind: 'officer',
            id: 11,
            name: 'John Bell Hood',
            rank: 'General',
            regimentName: '1st Texas',
            sideCode: 'CSA',
            averageRating: 4,
            reviewCount: 2,
          },
        ],
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const form = await screen.findByRole('search', { name: 'Find an Officer' });
    const box = within(form).getByRole('combobox', { name: 'Name, regiment or rank' });

    await user.type(box, 'hodo');
    expect(await within(form).findByRole('option', { name: /General John Bell Hood — 1st Texas/ })).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain('/api/search/suggestions?q=hodo');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=hodo');
  });

  it('leaves out filters that are not set', async () => {
    mockHome();
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await user.click(within(await screen.findByRole('search', { name: 'Find an Officer' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('');
  });
});
