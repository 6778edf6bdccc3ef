import { expect, test } from './fixtures';
import { SAME_ON_EVERY_ENGINE } from './support';

/**
 * The public API's reference page (issue 19) in a real browser: Swagger UI served from this server
 * under the site's Content-Security-Policy, reading /api/openapi.json, asking nothing of any other
 * host (it works offline), and a reader can open an operation and see its answer's shape.
 */
test(
  'the API reference page lists the public reads and works with no other host and no CSP violation',
  SAME_ON_EVERY_ENGINE,
  async ({ page, baseURL }) => {
    const problems: string[] = [];
    const otherHosts: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) otherHosts.push(url);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`),
      );
    });

    const answer = await page.goto('/api/docs');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");

    await expect(page.getByRole('heading', { name: /War of Rights Officer Ratings: public read API/ })).toBeVisible();
    // Issue 36: a way back to the site.
    await expect(page.getByRole('link', { name: 'Back to War of Rights Officer Ratings' })).toHaveAttribute('href', '/');
    // Every tag of the document, and an operation of each kind.
    for (const tag of ['Officers', 'Regiments', 'Reviews', 'Search', 'Reference']) {
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${tag} `) })).toBeVisible();
    }
    // Swagger UI names each operation's block after its tag and path.
    const officer = page.locator('#operations-Officers-get_api_officers__id_');
    await expect(officer.getByText('Get one officer with ratings by category')).toBeVisible();
    await expect(page.locator('#operations-Search-get_api_search_officers')).toBeVisible();

    // Opening an operation shows its parameters and its answer's fields.
    await officer.locator('.opblock-summary').click();
    const opened = officer;
    await expect(opened.getByRole('row', { name: /^id \*required string \(path\)/ })).toBeVisible();
    await expect(opened.getByText(/"averageRating": 0/)).toBeVisible();
    await expect(opened.getByRole('cell', { name: '429', exact: true })).toBeVisible();

    expect(otherHosts).toEqual([]);
    expect(problems).toEqual([]);
  },
);
