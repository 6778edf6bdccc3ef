import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SAME_ON_EVERY_ENGINE } from './support';

/**
 * The dark theme (issue 19, item 4): it follows the system until the visitor chooses, the header's
 * switcher keeps the choice, and the stored choice is on the page before any of the app's code runs
 * (the head's inline script, allowed by its hash in the Content Security Policy). Contrast in both
 * themes is checked on every route by e2e/every-route.spec.ts.
 */

/** The page's background as painted: the parchment of light, or the dark page. */
const LIGHT_PAGE = 'rgb(247, 243, 234)';
const DARK_PAGE = 'rgb(20, 25, 32)';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const themeAttribute = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** Inline-script violations of the Content Security Policy, as the page reports them. */
async function watchInlineScriptViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'inline') void (window as unknown as { reportViolation(text: string): void }).reportViolation(event.violatedDirective);
    });
  });
  return violations;
}

test('with no choice the site follows the system setting, live', SAME_ON_EVERY_ENGINE, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await themeAttribute(page)).toBeNull();
  expect(await pageBackground(page)).toBe(DARK_PAGE);

  await page.emulateMedia({ colorScheme: 'light' });
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);
});

test(
  'the switcher is used by keyboard, says what it holds, and the choice outlives a reload before any app script runs',
  SAME_ON_EVERY_ENGINE,
  async ({ page }) => {
    const violations = await watchInlineScriptViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/search');
    const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Theme' });
    await expect(switcher).toHaveValue('system');
    await expect(switcher.locator('option:checked')).toHaveText('System');

    // Keyboard only: to the switcher, then the arrow keys through its choices (a native select).
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await expect(switcher).toHaveValue('light');
    await page.keyboard.press('ArrowDown');
    await expect(switcher).toHaveValue('dark');
    await expect(switcher.locator('option:checked')).toHaveText('Dark');
    expect(await themeAttribute(page)).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);

    // Reload with the app's code refused: what shows is the head's script and the stylesheet alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    expect(await themeAttribute(page)).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await page.unroute('**/assets/*.js');

    // A dark choice wins over a light system, and light over a dark one.
    await page.goto('/');
    expect(await themeAttribute(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('banner').getByRole('combobox', { name: 'Theme' }).selectOption('light');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Theme' })).toHaveValue('light');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);

    expect(violations).toEqual([]);
  },
);

test('on a phone the switcher is in the menu with the links', SAME_ON_EVERY_ENGINE, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const switcher = page.getByRole('combobox', { name: 'Theme' });
  await expect(switcher).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await switcher.selectOption('dark');
  expect(await pageBackground(page)).toBe(DARK_PAGE);
});
