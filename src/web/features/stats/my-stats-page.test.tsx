import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api';
import { sessionMessages } from '#core/messages/session';
import { steamMessages } from '#core/messages/steam';
import { steamLinkErrorsMessages } from '#core/messages/steam-link-errors';
import type { SteamStats } from '#core/steam';
import { mockApi, renderRoute, reply } from '#web/test/render';

const STEAM_ID = '76561198000000000';

function signedIn(steamId: string | null): AuthStatus {
  return { authenticated: true, user: { id: 1, username: 'meade', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId } };
}

function stats(overrides: Partial<SteamStats> = {}): SteamStats {
  return { skirmish: 1_250, conquest: 45, picketPatrol: 30, contention: 8, total: 1_333, STAT_PROGRESSION_EXPERIENCE: 125_000, ...overrides };
}

function tile(label: string) {
  return screen.getByText(label).nextElementSibling;
}

describe('/my-stats', () => {
  it('shows the tiles, the experience and the progress to the next level', async () => {
    mockApi({
      '/api/auth/status': signedIn(STEAM_ID),
      '/api/users/me/steam-stats': { success: true, message: steamMessages.statsLoaded, stats: stats() },
    });
    renderRoute('/my-stats');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Stats' })).toBeInTheDocument();
    await waitFor(() => expect(tile('Skirmish')).toHaveTextContent('1,250'));
    expect(tile('Conquest')).toHaveTextContent('45');
    expect(tile('Picket Patrol')).toHaveTextContent('30');
    expect(tile('Contention')).toHaveTextContent('8');
    expect(tile('War of Rights Level')).toHaveTextContent('11');
    expect(tile('Total Games')).toHaveTextContent('1,333');

    expect(screen.getByText('125,000 XP')).toBeInTheDocument();
    // Level 11 runs from 100,000 to 130,000 XP: 25,000 of 30,000 done.
    expect(screen.getByText('5,000 XP to level 12')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to level 12' })).toHaveAttribute('aria-valuenow', '83');
    expect(document.title).toContain('My Stats');
  });

  it("shows 'N/A' for missing values and level 0 without experience", async () => {
    mockApi({
      '/api/auth/status': signedIn(STEAM_ID),
      '/api/users/me/steam-stats': {
        success: true,
        message: steamMessages.statsLoaded,
        stats: stats({ conquest: null, total: null, STAT_PROGRESSION_EXPERIENCE: null }),
      },
    });
    renderRoute('/my-stats');

    await waitFor(() => expect(tile('Conquest')).toHaveTextContent('N/A'));
    expect(tile('Total Games')).toHaveTextContent('N/A');
    expect(tile('War of Rights Level')).toHaveTextContent('0');
    expect(tile('Skirmish')).toHaveTextContent('1,250');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the message of the answer when the statistics are not available', async () => {
    mockApi({
      '/api/auth/status': signedIn(STEAM_ID),
      '/api/users/me/steam-stats': { success: false, message: 'Your Steam profile is private.', stats: null },
    });
    renderRoute('/my-stats');

    expect(await screen.findByText('Your Steam profile is private.')).toBeInTheDocument();
    expect(screen.queryByText('Skirmish')).not.toBeInTheDocument();
  });

  it('falls back to the standard text when the answer has no message', async () => {
    mockApi({
      '/api/auth/status': signedIn(STEAM_ID),
      '/api/users/me/steam-stats': { success: false, message: '', stats: null },
    });
    renderRoute('/my-stats');

    expect(await screen.findByText('Steam stats not available or your profile might be private.')).toBeInTheDocument();
  });

  it('says the statistics could not be loaded when the call fails', async () => {
    mockApi({
      '/api/auth/status': signedIn(STEAM_ID),
      '/api/users/me/steam-stats': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }),
    });
    renderRoute('/my-stats');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading Steam stats. Please try again later.');
  });

  it('offers to link a Steam account, and asks for no statistics, without one', async () => {
    const api = mockApi({ '/api/auth/status': signedIn(null) });
    renderRoute('/my-stats');

    const link = await screen.findByRole('link', { name: 'Link Your Steam Account' });
    expect(link).toHaveAttribute('href', '/api/auth/steam?redirect=/my-stats');
    expect(api.calls.some((call) => call.url.includes('steam-stats'))).toBe(false);
  });

  it('sends a visitor home with a toast', async () => {
    const api = mockApi({});
    const { router } = renderRoute('/my-stats');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(sessionMessages.authenticationRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(steamMessages.loginToSeeStats)).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.includes('steam-stats'))).toBe(false);
  });

  it('confirms a new link, shows the statistics of the refreshed account and drops the parameter', async () => {
    let steamId: string | null = null;
    mockApi({
      '/api/auth/status': () => signedIn(steamId),
      '/api/users/me/steam-stats': { success: true, message: steamMessages.statsLoaded, stats: stats() },
    });
    const { router } = renderRoute('/my-stats');
    expect(await screen.findByRole('link', { name: 'Link Your Steam Account' })).toBeInTheDocument();

    // The server links the account, then sends the browser back here.
    steamId = STEAM_ID;
    await act(() => router.navigate('/my-stats?steamLinked=1'));

    expect(await screen.findByText(steamMessages.linkedTitle)).toBeInTheDocument();
    expect(screen.getByText(steamMessages.linked)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(tile('Skirmish')).toHaveTextContent('1,250'));
    expect(screen.queryByRole('link', { name: 'Link Your Steam Account' })).not.toBeInTheDocument();
  });

  it('explains a failed link and drops the parameter, keeping the others', async () => {
    mockApi({ '/api/auth/status': signedIn(null) });
    const { router } = renderRoute('/my-stats?steamError=cancelled&tab=1');

    const title = await screen.findByText(steamMessages.linkFailedTitle);
    expect(within(title.closest('li')!).getByText(steamLinkErrorsMessages.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    expect(router.state.location.pathname).toBe('/my-stats');
  });
});
