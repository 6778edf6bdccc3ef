/**
 * The search screen pages its officers (issue 13, item 4): the heading says how many match in all,
 * not how many came in the first answer, and the list grows as the reader scrolls, or from the
 * 'Load more officers' button for keyboard users.
 */
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
});
