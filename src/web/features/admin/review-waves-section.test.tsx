import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminReviewWave, WaveReview } from '#core/api';
import { waveMessages } from '#core/messages/waves';
import { mockApi, renderRoute } from '#web/test/render';
import { ADMIN, findToast, review, fillStatement, STATEMENT } from './admin-fixtures';

/** A held review of the wave: a fresh account's one star, the same words as four others. */
function heldReview(id: number, overrides: Partial<WaveReview> = {}): WaveReview {
  return {
    ...review(id, { held: true, overallRating: 1, text: 'Worst officer ever, avoid!' }),
    holdReasons: ['divergence', 'fresh-accounts'],
    authorSteamLinkedAt: '2026-11-27T10:00:00.000Z',
    sameTextCount: 4,
    ...overrides,
  };
}

function openWave(reviews: WaveReview[]): AdminReviewWave {
  return {
    id: 3,
    status: 'open',
    officer: { id: 7, name: 'Winfield Hancock', rank: 'Major' },
    regiment: { id: 3, name: '5th Wisconsin' },
    detections: [{ rule: 'same-text', reviews: 5, windowHours: 24, at: '2026-11-28T10:00:00.000Z' }],
    from: '2026-11-28T09:00:00.000Z',
    to: '2026-11-28T09:05:00.000Z',
    createdAt: '2026-11-28T09:05:00.000Z',
    reviewCount: reviews.length,
    releasedCount: 0,
    removedCount: 0,
    decidedAt: null,
    decidedBy: null,
    reviews,
    histogram: [{ day: '2026-11-28', counted: 0, held: reviews.length }],
  };
}

describe('the review waves on /admin/reviews (issue 32)', () => {
  it('says why each review is held with its reviewer signals, and removes one review after a confirmation naming the cool-down', async () => {
    let reviews = [heldReview(9, { user: { ...review(9).user, username: 'raider9' } }), heldReview(10, { holdReasons: [] })];
    const api = mockApi({
      '/api/auth/status': ADMIN,
      '/api/admin/reviews/flagged': { rows: [] },
      '/api/admin/waves': () => ({ waves: [openWave(reviews)], cooldownDays: 30 }),
      'POST /api/admin/waves/3/reviews/9/remove': () => {
        reviews = reviews.filter((r) => r.id !== 9);
        return { success: true, message: 'The review was removed.', reviewCount: 1, waveStatus: 'open' };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/reviews');

    const wave = await screen.findByRole('article', { name: 'Major Winfield Hancock' });
    expect(wave).toHaveTextContent('Same text: 5 reviews within 24 hours with the same text.');
    await user.click(within(wave).getByText('2 reviews'));
    expect(
      within(wave).getByText(/^Held for: Unusual ratings, New accounts · Steam linked November 27, 2026 · Same text as 4 other reviews/),
    ).toBeVisible();
    expect(within(wave).getByText(/^Held with its wave · /)).toBeVisible();

    await user.click(within(wave).getByRole('button', { name: 'Remove this review by raider9' }));
    const dialog = await screen.findByRole('dialog', { name: waveMessages.removeReview });
    expect(dialog).toHaveTextContent(waveMessages.removeReviewConfirm(30));
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await findToast(waveMessages.reviewRemovedTitle)).toHaveTextContent('The review was removed.');
    await waitFor(() => expect(within(wave).queryByRole('button', { name: 'Remove this review by raider9' })).not.toBeInTheDocument());
    expect(within(wave).getByRole('button', { name: 'Remove this review by soldier10' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/waves/3/reviews/9/remove', STATEMENT],
    ]);
  });
});
