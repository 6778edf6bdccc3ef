import { commonMessages } from '#core/messages/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficerDetail, RegimentRatings } from '#core/api';
import { compareMessages } from '#core/messages/compare';
import { CONFEDERATE, makeOfficerDetail, makeRegimentDetail, UNION } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';

const HANCOCK = makeOfficerDetail({
  id: 12,
  name: 'Winfield Hancock',
  rank: 'Major',
  averageRating: 4.25,
  leadershipRating: 4.5,
  tacticsRating: 4,
  communicationRating: 4.5,
  fairnessRating: 4,
  reviewCount: 8,
  recent: { reviewCount: 3, averageRating: 3.5, leadership: 3, tactics: 4, communication: 3.5, fairness: 3.5 },
});
const LONGSTREET = makeOfficerDetail({
  id: 40,
  name: 'James Longstreet',
  rank: 'Colonel',
  regimentId: 9,
  regimentName: '15th Alabama',
  regiment: { id: 9, name: '15th Alabama', description: null, bannerImageUrl: null },
  side: CONFEDERATE,
  averageRating: 3.1,
  leadershipRating: 3,
  tacticsRating: 2.9,
  communicationRating: 3.2,
  fairnessRating: 3.3,
  reviewCount: 2,
});
const UNRATED = makeOfficerDetail({
  id: 7,
  name: 'John Buford',
  rank: 'Captain',
  averageRating: null,
  leadershipRating: null,
  tacticsRating: null,
  communicationRating: null,
  fairnessRating: null,
});

function officersApi(officers: OfficerDetail[], extra: Record<string, unknown> = {}) {
  return mockApi({ ...Object.fromEntries(officers.map((officer) => [`/api/officers/${officer.id}`, officer])), ...extra });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: compareMessages.tableCaption('officers') });
/** The names heading the table's columns (its head's column headers; each group's title spans them all). */
const columnNames = (group: HTMLElement = table()) =>
  within(within(group).getAllByRole('rowgroup')[0]!)
    .getAllByRole('columnheader')
    .map((header) => within(header).getByRole('link').textContent);
/** The text of a table row, by its heading, cell by cell. */
function rowCells(name: string, group: HTMLElement = table()): string[] {
  const row = within(group).getByRole('rowheader', { name }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('/compare?officers=', () => {
  it('sets three officers side by side: who they are, all time, the last 90 days and the stars', async () => {
    officersApi([HANCOCK, LONGSTREET, UNRATED]);
    renderRoute('/compare?officers=12,40,7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Officers' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(columnNames()).toEqual(['Major Winfield Hancock', 'Colonel James Longstreet', 'Captain John Buford']);
    expect(rowCells('Regiment')).toEqual(['5th Wisconsin', '15th Alabama', '5th Wisconsin']);
    expect(rowCells('Side')).toEqual(['Union', 'Confederate', 'Union']);
    const [allTime, recent] = within(table()).getAllByRole('rowgroup').slice(2, 4);
    expect(rowCells('Leadership', allTime)).toEqual(['4.5', '3.0', '0.0']);
    expect(rowCells('Reviews', allTime)).toEqual(['8', expect.stringMatching(/^2Few reviews/), '0']);
    expect(rowCells('Overall', allTime)[2]).toContain('Not yet rated');
    expect(rowCells('Overall', recent)).toEqual(['3.5', '0.0', '0.0']);
    expect(rowCells(compareMessages.rowRecentReviews, recent)).toEqual(['3', '0', '0']);
    expect(rowCells('Rating Distribution')[0]).toContain('4 stars 8');
    expect(rowCells('Rating Distribution')[2]).toBe(commonMessages.noReviewsYet);

    // On a phone the same, one card per officer.
    const cards = within(screen.getByRole('list', { name: compareMessages.cardsLabel('officers') })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Major Winfield Hancock',
      'Colonel James Longstreet',
      'Captain John Buford',
    ]);
    expect(within(cards[1]!).getByText('15th Alabama')).toHaveAttribute('href', '/regiment/9');
    expect(document.title).toContain('Compare Officers');
  });

  it('takes an officer out of the comparison', async () => {
    const user = userEvent.setup();
    officersApi([HANCOCK, LONGSTREET, UNRATED]);
    const { router } = renderRoute('/compare?officers=12,40,7');
    await screen.findByRole('table');
    await user.click(within(table()).getByRole('button', { name: compareMessages.remove('Colonel James Longstreet') }));
    expect(router.state.location.search).toBe('?officers=12,7');
    await waitFor(() => expect(columnNames()).toEqual(['Major Winfield Hancock', 'Captain John Buford']));
  });

  it('starts from one officer (his "Compare with…") and adds another from a search', async () => {
    const user = userEvent.setup();
    officersApi([HANCOCK, LONGSTREET], {
      '/api/search/suggestions': {
        suggestions: [
          {
            kind: 'officer',
            id: 12,
            name: 'Winfield Hancock',
            rank: 'Major',
            regimentName: '5th Wisconsin',
            sideCode: 'USA',
            averageRating: 4.25,
            reviewCount: 8,
          },
          { kind: 'regiment', id: 9, name: '15th Alabama', sideCode: 'CSA', officerCount: 4 },
          {
            kind: 'officer',
            id: 40,
            name: 'James Longstreet',
            rank: 'Colonel',
            regimentName: '15th Alabama',
            sideCode: 'CSA',
            averageRating: 3.1,
            reviewCount: 2,
          },
        ],
      },
    });
    const { router } = renderRoute('/compare?officers=12');
    expect(await screen.findByText(compareMessages.tooFew('officers', 1))).toBeInTheDocument();
    // Shown already, in the table and in his card.
    expect(await screen.findAllByRole('link', { name: 'Major Winfield Hancock' })).toHaveLength(2);

    await user.type(screen.getByRole('combobox', { name: 'Add an officer' }), 'l');
    // Only officers, and not the one already compared.
    const options = await within(await screen.findByRole('listbox', { name: compareMessages.addChoices('officers') })).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Colonel James Longstreet — 15th Alabama']);
    await user.click(options[0]!);

    expect(router.state.location.search).toBe('?officers=12,40');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(compareMessages.tooFew('officers', 1))).not.toBeInTheDocument();
  });

  it.each([
    ['/compare?officers=12,abc', compareMessages.badId('abc')],
    ['/compare?officers=1,2,3,4,5', compareMessages.tooMany('officers')],
    ['/compare?officers=1,2&regiments=3,4', compareMessages.bothKinds],
    ['/compare', compareMessages.tooFew('officers', 0)],
  ])('says what is wrong with %s, and asks the API nothing', async (path, message) => {
    const api = officersApi([]);
    renderRoute(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/officers'))).toEqual([]);
  });

  it('names an officer that is not there and still compares the others', async () => {
    officersApi([HANCOCK, LONGSTREET], { '/api/officers/99': reply(404, { message: 'Officer not found', code: 'NOT_FOUND' }) });
    renderRoute('/compare?officers=12,99,40');
    expect(await screen.findByText(compareMessages.notFound('officers', '99'))).toBeInTheDocument();
    await waitFor(() => expect(columnNames()).toEqual(['Major Winfield Hancock', 'Colonel James Longstreet']));
  });
});

describe('/compare?regiments=', () => {
  const ratings = (overrides: Partial<RegimentRatings> = {}): RegimentRatings => ({
    leadershipRating: 4.2,
    tacticsRating: 3.8,
    communicationRating: 4,
    fairnessRating: 4.4,
    recent: { reviewCount: 4, averageRating: 4.5, leadership: 4.5, tactics: 4.5, communication: 4.5, fairness: 4.5 },
    distribution: { overall: [0, 0, 1, 5, 6] },
    ...overrides,
  });

  it("sets regiments side by side with their officers' counts, categories and recent figures", async () => {
    mockApi({
      '/api/regiments/3': makeRegimentDetail({ id: 3, averageRating: 4.1, reviewCount: 12, officerCount: 5 }),
      '/api/regiments/3/ratings': ratings(),
      '/api/regiments/9': makeRegimentDetail({ id: 9, name: '15th Alabama', sideId: CONFEDERATE.id, officerCount: 2 }),
      '/api/regiments/9/ratings': ratings({
        leadershipRating: null,
        tacticsRating: null,
        communicationRating: null,
        fairnessRating: null,
        recent: { reviewCount: 0, averageRating: null, leadership: null, tactics: null, communication: null, fairness: null },
        distribution: { overall: [0, 0, 0, 0, 0] },
      }),
    });
    renderRoute('/compare?regiments=3,9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Regiments' })).toBeInTheDocument();
    const regimentTable = await screen.findByRole('table', { name: compareMessages.tableCaption('regiments') });
    expect(columnNames(regimentTable)).toEqual(['5th Wisconsin', '15th Alabama']);
    expect(rowCells('Officers', regimentTable)).toEqual(['5', '2']);
    expect(rowCells('Side', regimentTable)).toEqual([UNION.name, CONFEDERATE.name]);
    const [allTime, recent] = within(regimentTable).getAllByRole('rowgroup').slice(2, 4);
    expect(rowCells('Fairness', allTime)).toEqual(['4.4', '0.0']);
    expect(rowCells('Fairness', recent)).toEqual(['4.5', '0.0']);
    expect(within(regimentTable).queryByRole('rowheader', { name: 'Regiment' })).not.toBeInTheDocument();
  });
});
