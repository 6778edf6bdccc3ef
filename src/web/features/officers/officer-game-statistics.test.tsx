import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { steamMessages } from '#core/messages/steam';
import { steamLinkErrorsMessages } from '#core/messages/steam-link-errors';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { officer, reviewPages, signedIn, steamStats } from './officer-fixtures';

function officerPageApi(handlers: Record<string, ApiHandler>) {
  return mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0), ...handlers });
}

async function findPanel() {
  const heading = await screen.findByRole('heading', { name: steamMessages.gameStatistics });
  return heading.parentElement!.parentElement!;
}

function tile(panel: HTMLElement, label: string) {
  return within(panel).getByText(label).nextElementSibling;
}

describe('game statistics panel of an officer page', () => {
  it("shows the tiles of the officer's linked account", async () => {
    officerPageApi({
      '/api/officers/7/steam-stats': { success: true, message: steamMessages.statsLoaded, stats: steamStats({ contention: null }) },
    });
    renderRoute('/officer/7');

    const panel = await findPanel();
    await waitFor(() => expect(tile(panel, 'Skirmish')).toHaveTextContent('120'));
    expect(tile(panel, 'Conquest')).toHaveTextContent('45');
    expect(tile(panel, 'Picket Patrol')).toHaveTextContent('30');
    expect(tile(panel, 'Contention')).toHaveTextContent('N/A');
    // 125,000 XP is in level 11 (100,000 to 130,000).
    expect(tile(panel, 'War of Rights Level')).toHaveTextContent('11');
    expect(tile(panel, 'Total Games')).toHaveTextContent('203');
  });

  it('shows the message of the answer when there are no statistics', async () => {
    officerPageApi({
      '/api/officers/7/steam-stats': { success: false, message: steamMessages.officerNoLinkedAccount, stats: null },
    });
    renderRoute('/officer/7');

    const panel = await findPanel();
    expect(await within(panel).findByText(steamMessages.officerNoLinkedAccount)).toBeInTheDocument();
    expect(within(panel).queryByText('Skirmish')).not.toBeInTheDocument();
  });

  it('says the statistics could not be loaded when the call fails', async () => {
    officerPageApi({ '/api/officers/7/steam-stats': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/officer/7');

    const panel = await findPanel();
    expect(await within(panel).findByText(steamMessages.officerStatsError)).toBeInTheDocument();
  });
});

describe('returning to an officer page from the Steam sign-in', () => {
  it('confirms the link, refreshes the auth status and drops the parameter', async () => {
    let linked = false;
    const api = officerPageApi({
      '/api/auth/status': () => signedIn(linked ? '76561198000000000' : null),
      '/api/officers/7/steam-stats': { success: false, message: steamMessages.officerNoLinkedAccount, stats: null },
    });
    const { router } = renderRoute('/officer/7');
    expect(await screen.findByRole('link', { name: 'Connect Steam to Review' })).toBeInTheDocument();

    // The server links the account, then sends the browser back here.
    linked = true;
    await act(() => router.navigate('/officer/7?steamLinked=1'));

    expect(await screen.findByText(steamMessages.linkedTitle)).toBeInTheDocument();
    expect(screen.getByText(steamMessages.linked)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/officer/7');
    // The refreshed auth status carries the Steam id: the review button offers to write a review.
    expect(await screen.findByRole('link', { name: 'Write a Review' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === '/api/auth/status')).toHaveLength(2);
  });

  it('explains a failed link and drops the parameter', async () => {
    officerPageApi({ '/api/auth/status': signedIn(null) });
    const { router } = renderRoute('/officer/7?steamError=taken');

    expect(await screen.findByText(steamMessages.linkFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(steamLinkErrorsMessages.taken)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText(steamMessages.linkFailedTitle)).toHaveLength(1);
  });
});
