/**
 * The regiment finder on /regiment/{id} (issue 36, item 5): the facts a recruit reads, each weekly
 * event in the regiment's time zone and the visitor's own, the owner's edit of them, and the Share
 * button (the share sheet where there is one, else the link copied with a visible confirmation).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Regiment } from '#core/api';
import { mockApi, renderRoute } from '#web/test/render';
import { signedInStatus } from '#web/test/fixtures';
import { regiment } from './regiment-fixtures';

const FACTS: Partial<Regiment> = {
  region: 'NA',
  timeZone: 'America/New_York',
  languages: ['en', 'de'],
  schedule: [
    { day: 'wed', time: '20:00', what: 'Drill' },
    { day: 'sat', time: '20:00', what: 'Linebattle' },
  ],
  minimumAge: 16,
  recruiting: true,
  discordInvite: 'https://discord.gg/ironbrigade',
};

let savedZone: string | undefined;
beforeEach(() => {
  savedZone = process.env.TZ;
  // The visitor reads the page in Berlin; a January day, when New York is 6 hours behind.
  process.env.TZ = 'Europe/Berlin';
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-13T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

function mockPage(shown: Regiment, extra: Record<string, unknown> = {}) {
  return mockApi({ '/api/regiments/3': shown, '/api/officers/regiment/3': [], ...extra });
}

describe('the regiment facts on the regiment page', () => {
  it('shows recruiting, region, languages, age, Discord and each event in both time zones', async () => {
    mockPage(regiment(FACTS));
    renderRoute('/regiment/3');

    const panel = (await screen.findByRole('heading', { name: 'Joining' })).closest('div')!.parentElement!;
    expect(within(panel).getByText('Recruiting', { selector: 'span' })).toBeInTheDocument();
    expect(within(panel).getByText('North America (NA)')).toBeInTheDocument();
    expect(within(panel).getByText('English, German')).toBeInTheDocument();
    expect(within(panel).getByText('16+')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Join the Discord' })).toHaveAttribute('href', 'https://discord.gg/ironbrigade');

    const events = within(within(panel).getByRole('list', { name: 'Weekly schedule' })).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Drill');
    expect(events[0]).toHaveTextContent('Wednesday 20:00 (America/New York)');
    expect(events[0]).toHaveTextContent('Thursday 02:00 your time');
    expect(events[1]).toHaveTextContent('Saturday 20:00 (America/New York)');
    expect(events[1]).toHaveTextContent('Sunday 02:00 your time');
  });

  it('does not repeat the time for a visitor in the regiment’s own time zone', async () => {
    process.env.TZ = 'America/New_York';
    mockPage(regiment(FACTS));
    renderRoute('/regiment/3');
    const list = await screen.findByRole('list', { name: 'Weekly schedule' });
    expect(list).toHaveTextContent('Wednesday 20:00');
    expect(list).not.toHaveTextContent('your time');
  });

  it('shows no facts panel for a regiment that has said none', async () => {
    mockPage(regiment());
    renderRoute('/regiment/3');
    await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' });
    expect(screen.queryByRole('heading', { name: 'Joining' })).not.toBeInTheDocument();
  });
});

describe('editing the regiment facts', () => {
  it('lets the owner set them in the edit dialog and sends them with the edit', async () => {
    vi.useRealTimers();
    const api = mockPage(regiment(), {
      '/api/auth/status': signedInStatus({ id: 4, username: 'meade' }),
      'PATCH /api/regiments/3/edit': ({ body }: { body: Partial<Regiment> }) => regiment({ ...body }),
      '/api/regiments/3/webhook': { isSet: false, disabledReason: null },
    });
    const user = userEvent.setup();
    renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: 'Edit Regiment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Regiment' });
    await user.selectOptions(within(dialog).getByLabelText('Recruiting (optional)'), 'Recruiting');
    await user.selectOptions(within(dialog).getByLabelText('Region (optional)'), 'EU');
    await user.type(within(dialog).getByLabelText('Time zone (optional)'), 'Europe/Berlin');
    await user.click(within(dialog).getByRole('checkbox', { name: 'German' }));
    await user.type(within(dialog).getByLabelText('Minimum age (optional)'), '16');
    await user.type(within(dialog).getByLabelText('Discord invite (optional)'), 'https://example.com/join');
    await user.click(within(dialog).getByRole('button', { name: 'Add an event' }));
    await user.selectOptions(within(dialog).getByLabelText('Event 1 day'), 'Friday');
    await user.type(within(dialog).getByLabelText('Event 1 name'), 'Drill');

    // A link that is not a Discord invite is refused in the form, as the server would.
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(/The Discord invite must be a link such as/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Discord invite (optional)'));
    await user.type(within(dialog).getByLabelText('Discord invite (optional)'), 'https://discord.gg/eagles');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toMatchObject({
      recruiting: true,
      region: 'EU',
      timeZone: 'Europe/Berlin',
      languages: ['de'],
      minimumAge: 16,
      discordInvite: 'https://discord.gg/eagles',
      schedule: [{ day: 'fri', time: '20:00', what: 'Drill' }],
    });
    expect(await screen.findByText('Europe (EU)')).toBeInTheDocument();
  });
});

describe('the Share button', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the system share sheet with the page where the browser has one', async () => {
    vi.useRealTimers();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    mockPage(regiment());
    const user = userEvent.setup();
    renderRoute('/regiment/3');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: '5th Wisconsin', url: window.location.href });
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('copies the link and says so where there is no share sheet', async () => {
    vi.useRealTimers();
    mockPage(regiment());
    const user = userEvent.setup();
    renderRoute('/regiment/3');
    expect('share' in navigator).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});
