import type { Review } from '#core/api';
import { expect, test } from './fixtures';
import { demoAccounts } from './support';

/**
 * Issue 18, item 2: a review edited twice shows 'edited {date}', which opens its history with both
 * earlier versions and what each edit changed. The edits go through the API (the edit dialog is
 * covered elsewhere); the history is what is clicked.
 */
test('a review edited twice shows "edited" and both earlier versions', async ({ page, request, signIn }) => {
  await signIn(demoAccounts().user);
  // The page's API requests share its session, and with it the CSRF token.
  const csrf = async () => ({ 'CSRF-Token': ((await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken });
  const mine = (await (await page.request.get('/api/reviews/my')).json()) as Review[];
  const review = mine.find((candidate) => candidate.revisionCount === 0);
  if (!review) throw new Error('the demo user has no review without a history');
  const headers = await csrf();
  const secondText = `${review.text.slice(0, 400)} Edited once.`;
  const thirdText = `${review.text.slice(0, 400)} Edited twice.`;
  const changedLeadership = review.leadership >= 4.5 ? review.leadership - 1 : review.leadership + 0.5;
  const body = (text: string, leadership: number) => ({
    text,
    leadership,
    tactics: review.tactics,
    communication: review.communication,
    fairness: review.fairness,
  });
  expect((await page.request.put(`/api/reviews/${review.id}`, { headers, data: body(secondText, review.leadership) })).ok()).toBe(true);
  expect((await page.request.put(`/api/reviews/${review.id}`, { headers, data: body(thirdText, changedLeadership) })).ok()).toBe(true);

  // The history is public: a client without a session reads it too.
  const history = await request.get(`/api/reviews/${review.id}/revisions`);
  expect(history.ok()).toBe(true);
  expect(((await history.json()) as { versions: unknown[] }).versions).toHaveLength(3);

  await page.goto('/my-reviews');
  const card = page.getByRole('article').filter({ hasText: 'Edited twice.' });
  const edited = card.getByRole('button', { name: /^edited \w+ \d{1,2}, \d{4}$/ });
  await expect(edited).toBeVisible();
  await edited.click();
  const dialog = page.getByRole('dialog', { name: 'Edit history' });
  const versions = dialog.getByRole('region');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Current version');
  await expect(versions.nth(0)).toContainText('Edited twice.');
  await expect(versions.nth(0)).toContainText('Text changed');
  await expect(versions.nth(0).getByRole('list', { name: 'What changed' })).toContainText('Leadership');
  await expect(versions.nth(1)).toContainText('Version 2');
  await expect(versions.nth(1)).toContainText('Edited once.');
  await expect(versions.nth(2)).toContainText('Version 1');
  await expect(versions.nth(2)).toContainText(review.text);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edited).toBeFocused();
});
