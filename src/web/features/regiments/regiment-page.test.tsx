import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Officer } from '#core/api';
import { makeOfficer } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { regiment } from './regiment-fixtures';

function officer(id: number, name: string, rank: string): Officer {
  const ratings = { averageRating: 4, leadershipRating: 4, tacticsRating: 4, communicationRating: 4, fairnessRating: 4 };
  return makeOfficer({ id, name, rank, ...ratings, reviewCount: 7 });
}

describe('regiment page', () => {
  it('shows the header with side, rating and counts, the description and the officers', async () => {
    mockApi({
      '/api/regiments/3': regiment(),
      '/api/officers/regiment/3': [officer(7, 'Winfield Hancock', 'Major'), officer(8, 'John Gibbon', 'Captain')],
    });
    renderRoute('/regiment/3');

    const heading = await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' });
    expect(document.title).toContain('5th Wisconsin');
    const header = heading.closest('header')!;
    expect(within(header).getByText('Union')).toBeInTheDocument();
    const rating = within(header).getByText('3.6');
    expect(rating).toHaveAttribute('data-band', 'mid');
    expect(within(header).getByText('/5.0')).toBeInTheDocument();
    expect(within(header).getByText('Reviews').nextElementSibling).toHaveTextContent('14');
    expect(within(header).getByText('Officers').nextElementSibling).toHaveTextContent('2');
    // Without a banner image the header itself carries the side's colours, as the officer's does,
    // and keeps no empty banner box.
    expect(header).toHaveClass('bg-linear-to-r', 'from-union-dark', 'to-union', 'text-white');
    expect(within(header).queryByRole('img', { name: /banner/ })).not.toBeInTheDocument();
    // Issue 36: a comparison starts here, this regiment in it.
    expect(within(header).getByRole('link', { name: 'Compare with…' })).toHaveAttribute('href', '/compare?regiments=3');

    expect(screen.getByRole('heading', { name: 'About the Regiment' })).toBeInTheDocument();
    expect(screen.getByText('Skirmishers of the Iron Brigade.')).toBeInTheDocument();

    const grid = await screen.findByRole('list', { name: 'Officers of the regiment' });
    const cards = within(grid).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/officer/7', '/officer/8']);
    expect(cards[0]).toHaveTextContent('Major Winfield Hancock');
    // Issue 36, item 6: the page is the regiment's, so its cards do not repeat its name.
    expect(cards[0]).not.toHaveTextContent(makeOfficer().regimentName);
  });

  it('shows the banner and icon images when the regiment has them', async () => {
    mockApi({
      '/api/regiments/3': regiment({
        bannerImageUrl: '/uploads/banner.png',
        iconImageUrl: '/uploads/icon.png',
        side: { name: 'Confederate', code: 'CSA' },
      }),
      '/api/officers/regiment/3': [],
    });
    renderRoute('/regiment/3');

    expect(await screen.findByRole('img', { name: '5th Wisconsin banner' })).toHaveAttribute('src', '/uploads/banner.png');
    expect(screen.getByRole('img', { name: '5th Wisconsin icon' })).toHaveAttribute('src', '/uploads/icon.png');
    expect(screen.getByText('Confederate')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveClass('from-confederate-dark', 'to-confederate');
  });

  it("says 'No description available.' and 'No Officers Found' for an empty regiment", async () => {
    mockApi({
      '/api/regiments/3': regiment({ description: null, officerCount: 0, reviewCount: 0, averageRating: 0 }),
      '/api/officers/regiment/3': [],
    });
    renderRoute('/regiment/3');

    expect(await screen.findByText('No description available.')).toBeInTheDocument();
    expect(await screen.findByText('No Officers Found')).toBeInTheDocument();
    // Issue 36, item 6: no 0.0 that reads as the worst rating.
    expect(within(screen.getByRole('heading', { level: 1 }).closest('header')!).getByText('No reviews yet')).toBeVisible();
  });

  it('shows Regiment Not Found when the API has no such regiment', async () => {
    mockApi({ '/api/regiments/99': reply(404, { message: 'Regiment not found', code: 'NOT_FOUND' }), '/api/officers/regiment/99': [] });
    renderRoute('/regiment/99');

    expect(await screen.findByRole('heading', { name: 'Regiment Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Regiment Not Found · WoR Officer Ratings');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('shows Regiment Not Found for a malformed id without asking the API', async () => {
    const api = mockApi({});
    renderRoute('/regiment/0');

    expect(await screen.findByRole('heading', { name: 'Regiment Not Found' })).toBeInTheDocument();
    expect(api.calls.filter((call) => /\/api\/(regiments|officers)/.test(call.url))).toEqual([]);
  });

  it('shows an error when the officers cannot be loaded', async () => {
    mockApi({
      '/api/regiments/3': regiment(),
      '/api/officers/regiment/3': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }),
    });
    renderRoute('/regiment/3');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The officers could not be loaded.');
    expect(screen.getByRole('heading', { level: 1, name: '5th Wisconsin' })).toBeInTheDocument();
  });

  it('matches the path case-insensitively and ignores a trailing slash', async () => {
    mockApi({ '/api/regiments/3': regiment(), '/api/officers/regiment/3': [] });
    renderRoute('/REGIMENT/3/');

    expect(await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' })).toBeInTheDocument();
  });
});
