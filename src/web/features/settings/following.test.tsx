import { commonMessages } from '#core/messages/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Follow } from '#core/follows';
import { followMessages as M } from '#core/messages/follows';
import { makeOfficerDetail, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';

const gibbon: Follow = {
  id: 5,
  target: { type: 'officer', id: 7, name: 'John Gibbon', rank: 'Col.', regimentName: 'Iron Brigade' },
  createdAt: '2026-11-20T10:00:00.000Z',
};
const bucktails: Follow = { id: 6, target: { type: 'regiment', id: 3, name: 'Bucktails' }, createdAt: '2026-11-21T10:00:00.000Z' };

describe('/following', () => {
  it('lists the officers and regiments followed, each linked, and unfollows one', async () => {
    let follows = [bucktails, gibbon];
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/follows': () => ({ follows }),
      'DELETE /api/follows/5': () => {
        follows = follows.filter((f) => f.id !== 5);
        return { id: 5 };
      },
    });
    renderRoute('/following');

    const officers = await screen.findByRole('list', { name: commonMessages.officers }, { timeout: 10_000 });
    expect(within(officers).getByRole('link', { name: 'Col. John Gibbon' })).toHaveAttribute('href', '/officer/7');
    expect(within(officers).getByText('Iron Brigade')).toBeInTheDocument();
    const regiments = screen.getByRole('list', { name: M.regimentsHeading });
    expect(within(regiments).getByRole('link', { name: 'Bucktails' })).toHaveAttribute('href', '/regiment/3');

    await userEvent.click(within(officers).getByRole('button', { name: M.unfollowLabel('John Gibbon') }));
    await waitFor(() => expect(screen.queryByRole('list', { name: commonMessages.officers })).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/follows/5', body: undefined }]);
    expect(screen.getByRole('list', { name: M.regimentsHeading })).toBeInTheDocument();
  });

  it('says so when nothing is followed', async () => {
    mockApi({ '/api/auth/status': signedInStatus(), '/api/users/me/follows': { follows: [] } });
    renderRoute('/following');
    expect(await screen.findByText(M.none, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the Follow button of an officer page', () => {
  it('follows the officer for a signed-in reader, then offers Unfollow', async () => {
    let follows: Follow[] = [];
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/officers/7': makeOfficerDetail({ id: 7, name: 'John Gibbon' }),
      '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
      '/api/users/me/follows': () => ({ follows }),
      'POST /api/follows': () => {
        follows = [gibbon];
        return gibbon;
      },
    });
    renderRoute('/officer/7');

    await userEvent.click(await screen.findByRole('button', { name: M.followLabel('John Gibbon') }, { timeout: 10_000 }));
    expect(await screen.findByRole('button', { name: M.unfollowLabel('John Gibbon') })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', url: '/api/follows', body: { officerId: 7 } }]);
  });

  it('is not offered to a visitor', async () => {
    mockApi({
      '/api/officers/7': makeOfficerDetail({ id: 7, name: 'John Gibbon' }),
      '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
    });
    renderRoute('/officer/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'John Gibbon' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.followLabel('John Gibbon') })).not.toBeInTheDocument();
  });
});
