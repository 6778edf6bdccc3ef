/**
 * A first page load asks the API for each answer once (issue 13, item 16): the HTML names the
 * page's first answers as preloads, the client waits for the same answers before its first render
 * (src/web/app/first-screen.ts), and the page's own queries must then use them instead of asking
 * again, including an answer that was a 404.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SAME_ON_EVERY_ENGINE } from './support';

/** Every API request the page sends, by path and query, in order. */
function recordApiRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname + url.search);
  });
  return requests;
}

function timesRequested(requests: readonly string[], path: string): number {
  return requests.filter((request) => request === path).length;
}

/** Long enough for a refetch on mount or a retry to have gone out, well short of the 10 s auth poll. */
const SETTLE_MS = 2000;

test('a missing officer and the auth status are each requested once on a first load', SAME_ON_EVERY_ENGINE, async ({ page }) => {
  const requests = recordApiRequests(page);
  await page.goto('/officer/99999999');
  await expect(page.getByRole('heading', { name: 'Officer Not Found' })).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);

  expect(timesRequested(requests, '/api/officers/99999999'), requests.join('\n')).toBe(1);
  expect(timesRequested(requests, '/api/auth/status'), requests.join('\n')).toBe(1);
});

for (const { path, landmark } of [
  { path: '/', landmark: 'Top Rated Officers' },
  { path: '/search?q=a', landmark: 'Search' },
]) {
  test(`${path} asks for each of its answers once`, SAME_ON_EVERY_ENGINE, async ({ page }) => {
    const requests = recordApiRequests(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: landmark, exact: true })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);

    expect(requests.length, requests.join('\n')).toBeGreaterThan(1);
    // Home offers its regiments on demand (issue 15, item 5): it never downloads the whole list.
    if (path === '/') expect(requests, requests.join('\n')).not.toContain('/api/regiments');
    for (const request of new Set(requests)) expect(timesRequested(requests, request), `${request} in\n${requests.join('\n')}`).toBe(1);
  });
}
