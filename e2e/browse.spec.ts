import type { Officer } from '#core/api';
import { expect, test } from './fixtures';
import { SAME_ON_EVERY_ENGINE } from './support';

test('a visitor browses from home to search, an officer and a regiment', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Top Rated Officers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Regiments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Reviews' })).toBeVisible();

  // Top Rated filter: Confederate only.
  await page.getByRole('button', { name: 'Confederate' }).click();
  await expect(page.getByRole('button', { name: 'Confederate' })).toHaveAttribute('aria-pressed', 'true');

  // Find an Officer goes to /search with the query.
  await page.getByPlaceholder('Search by name, regiment, or rank...').first().fill('Col');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=Col/);
  const firstOfficer = page.locator('a[href^="/officer/"]').first();
  await expect(firstOfficer).toBeVisible();

  // Sorting changes the URL and keeps results.
  await page.getByLabel('Sort by').selectOption({ label: 'Alphabetical A-Z' });
  await expect(page).toHaveURL(/sortBy=name/);

  await page.locator('a[href^="/officer/"]').first().click();
  await expect(page).toHaveURL(/\/officer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rating Breakdown' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to write a review' })).toBeVisible();

  // The officer's regiment.
  await page.locator('main a[href^="/regiment/"]').first().click();
  await expect(page).toHaveURL(/\/regiment\/\d+$/);
  await expect(page.getByRole('heading', { name: 'About the Regiment' })).toBeVisible();

  // Regiments tab of the search.
  await page.goto('/search?showRegiments=true');
  await expect(page.getByRole('tab', { name: 'Regiments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('a[href^="/regiment/"]').first()).toBeVisible();

  expect(consoleErrors).toEqual([]);
});

test("on a phone an officer's reviews follow his summary, before the details; a wide screen keeps the details beside them (issue 36, item 6)", async ({
  page,
  request,
}) => {
  const everyOfficer = (await (await request.get('/api/officers')).json()) as Officer[];
  const officer = everyOfficer.find((candidate) => candidate.reviewCount > 0);
  if (!officer) throw new Error('the demo data has no officer with reviews');
  const reviews = page.getByRole('heading', { level: 2, name: /^Reviews/ });
  const breakdown = page.getByRole('heading', { name: 'Rating Breakdown' });
  const details = page.getByRole('heading', { name: 'Officer Information' });
  const boxOf = async (heading: typeof reviews) => (await heading.boundingBox())!;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/officer/${officer.id}`);
  await expect(page.getByRole('list', { name: 'Reviews' })).toBeVisible();
  await expect(details).toBeAttached();
  expect((await boxOf(breakdown)).y).toBeLessThan((await boxOf(reviews)).y);
  expect((await boxOf(reviews)).y).toBeLessThan((await boxOf(details)).y);

  await page.setViewportSize({ width: 1366, height: 900 });
  // The details stay in the left column, the reviews beside them.
  await expect.poll(async () => (await boxOf(details)).x < (await boxOf(reviews)).x).toBe(true);
  expect((await boxOf(breakdown)).y).toBeLessThan((await boxOf(details)).y);
});

test(
  'paths match case-insensitively, ignore a trailing slash, and unknown ones show the not-found screen',
  SAME_ON_EVERY_ENGINE,
  async ({ page }) => {
    await page.goto('/SEARCH/');
    await expect(page.getByRole('tab', { name: 'Officers' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/officer/999999');
    await expect(page.getByRole('heading', { name: 'Officer Not Found' })).toBeVisible();
  },
);

test('the legal pages are reachable from the footer', SAME_ON_EVERY_ENGINE, async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByText('April 10, 2025')).toBeVisible();
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms-of-service');
});

test('the production build publishes no source maps', SAME_ON_EVERY_ENGINE, async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    expect(code, script).not.toContain('sourceMappingURL');
    const map = await request.get(`${script}.map`);
    // Whatever answers (the app's not-found page), it is not the map.
    expect(await map.text(), `${script}.map`).not.toContain('"mappings"');
  }
});
