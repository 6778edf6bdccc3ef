/**
 * A first page load asks the API for each answer once (issue 13, item 16): the HTML names the
 * page's first answers as preloads, the client waits for the same answers before its first render
 * (src/web/app/first-screen.ts), and the page's own queries must then use them instead of asking
 * again, including an answer that was a 404.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterNextIdleFrame, SAME_ON_EVERY_ENGINE } from './support';

/** The page's requests: the API ones by path and query, in order, and how many of all of them are sent and still open. */
function recordRequests(page: Page) {
  const recorded = { api: [] as string[], sent: 0, open: 0 };
  page.on('request', (request) => {
    recorded.sent += 1;
    recorded.open += 1;
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) recorded.api.push(url.pathname + url.search);
  });
  const close = () => {
    recorded.open -= 1;
  };
  page.on('requestfinished', close);
  page.on('requestfailed', close);
  return recorded;
}

function timesRequested(requests: readonly string[], path: string): number {
  return requests.filter((request) => request === path).length;
}

/**
 * Until the page has settled: nothing in flight, and no new request through a drawn frame and the
 * idle moment after it. Nothing is retried (src/web/app/query-client.ts), so what could ask again is
 * a query as it mounts (a refetch on mount), and that request leaves from the effects of the render
 * that mounts it, all run by then. Well before the auth status's 10 s poll on any machine.
 */
async function untilSettled(page: Page, recorded: ReturnType<typeof recordRequests>) {
  await expect(async () => {
    const sent = recorded.sent;
    expect(recorded.open, 'requests in flight').toBe(0);
    await afterNextIdleFrame(page);
    expect(recorded.sent, 'requests sent meanwhile').toBe(sent);
  }).toPass({ timeout: 15_000 });
}

test('a missing officer and the auth status are each requested once on a first load', SAME_ON_EVERY_ENGINE, async ({ page }) => {
  const recorded = recordRequests(page);
  const requests = recorded.api;
  await page.goto('/officer/99999999');
  await expect(page.getByRole('heading', { name: 'Officer Not Found' })).toBeVisible();
  await untilSettled(page, recorded);

  expect(timesRequested(requests, '/api/officers/99999999'), requests.join('\n')).toBe(1);
  expect(timesRequested(requests, '/api/auth/status'), requests.join('\n')).toBe(1);
});

for (const { path, landmark } of [
  { path: '/', landmark: 'Top Rated Officers' },
  { path: '/search?q=a', landmark: 'Search' },
]) {
  test(`${path} asks for each of its answers once`, SAME_ON_EVERY_ENGINE, async ({ page }) => {
    const recorded = recordRequests(page);
    const requests = recorded.api;
    await page.goto(path);
    await expect(page.getByRole('heading', { name: landmark, exact: true })).toBeVisible();
    await untilSettled(page, recorded);

    expect(requests.length, requests.join('\n')).toBeGreaterThan(1);
    // Home offers its regiments on demand (issue 15, item 5): it never downloads the whole list.
    if (path === '/') expect(requests, requests.join('\n')).not.toContain('/api/regiments');
    for (const request of new Set(requests)) expect(timesRequested(requests, request), `${request} in\n${requests.join('\n')}`).toBe(1);
  });
}
