/**
 * The search screen pages its officers (issue 13, item 4): the heading says how many match in all,
 * not how many came in the first answer, and the list grows as the reader scrolls, or from the
 * 'Load more officers' button for keyboard users, which keeps the keyboard on it (issue 36, item 6).
 */
import type { Officer } from '#core/api';
import { REVIEW_PAGE_SIZE } from '#core/constants';
import { officerMessages } from '#core/messages/officer';
import { expect, test } from './fixtures';

test('a search of more than one page says the true total and loads the next page on scroll', async ({ page, request }) => {
  // Every public officer matches a search without text: as many as the officer list holds.
  const everyOfficer = (await (await request.get('/api/officers')).json()) as unknown[];
  expect(everyOfficer.length).toBeGreaterThan(48);

  await page.goto('/search');
  const officers = page.getByRole('list', { name: 'Officers' }).getByRole('listitem');
  await expect(page.getByText(`${everyOfficer.length} officers`, { exact: true })).toBeVisible();
  await expect(officers).toHaveCount(24);
  await expect(page.getByText(`Showing 24 of ${everyOfficer.length} officers`)).toBeVisible();

  const nextPage = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/search/officers' && new URL(r.url()).searchParams.has('after'));
  await page.mouse.wheel(0, 20_000);
  await nextPage;
  await expect(officers).toHaveCount(48);
  await expect(page.getByText(`${everyOfficer.length} officers`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Showing 48 of ${everyOfficer.length} officers`)).toBeVisible();
  // Each officer once, in the order of the answer's pages.
  const links = await officers.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(48);
});

test('a keyboard user, or a browser without IntersectionObserver, loads the next page with the Load more button', async ({ page }) => {
  // Without the observer nothing loads by itself: only the button, reached and pressed from the keyboard.
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  await page.goto('/search?sortBy=name&sortOrder=asc');
  const officers = page.getByRole('list', { name: 'Officers' }).getByRole('listitem');
  await expect(officers).toHaveCount(24);
  const loadMore = page.getByRole('button', { name: 'Load more officers' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(officers).toHaveCount(48);
  // Issue 36, item 6: the keyboard is still on the button, not thrown to the top of the page.
  await expect(loadMore).toBeFocused();
});

test("the keyboard stays on an officer page's 'Load more reviews' while the next reviews load (issue 36, item 6)", async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  // An officer with more than two pages of five, so the button is still there after the second.
  const everyOfficer = (await (await request.get('/api/officers')).json()) as Officer[];
  const officer = everyOfficer.find((candidate) => candidate.reviewCount > 2 * REVIEW_PAGE_SIZE);
  if (!officer) throw new Error('the demo data has no officer with more than ten reviews');

  await page.goto(`/officer/${officer.id}`);
  const reviews = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(REVIEW_PAGE_SIZE);
  const loadMore = page.getByRole('button', { name: officerMessages.loadMoreReviews });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(reviews).toHaveCount(2 * REVIEW_PAGE_SIZE);
  await expect(loadMore).toBeFocused();
  // Pressed again from where it is, it goes on loading.
  await page.keyboard.press('Enter');
  await expect(reviews).toHaveCount(Math.min(3 * REVIEW_PAGE_SIZE, officer.reviewCount));
  // The last page takes the button away: the keyboard goes on to the first review that page brought,
  // not to the top of the page.
  const pages = Math.ceil(officer.reviewCount / REVIEW_PAGE_SIZE);
  for (let loaded = 3; loaded < pages; loaded++) {
    await page.keyboard.press('Enter');
    await expect(reviews).toHaveCount(Math.min((loaded + 1) * REVIEW_PAGE_SIZE, officer.reviewCount));
  }
  await expect(loadMore).toHaveCount(0);
  await expect(reviews.nth((pages - 1) * REVIEW_PAGE_SIZE).locator(':focus')).toHaveCount(1);
});
