import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Officer, Regiment } from '#core/api';
import { expect, test } from './fixtures';
import { demoAccounts, gradientPng, SAME_ON_EVERY_ENGINE } from './support';

/** Console errors and Content Security Policy violations, as the page reports them. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test(
  'an image chosen in a drop zone shows its preview: the Content Security Policy allows blob: images',
  SAME_ON_EVERY_ENGINE,
  async ({ page, signIn }) => {
    const errors = watchForErrors(page);
    // Image violations only: zod's start-up probe for eval (new Function, caught) is reported under
    // script-src on every page, and is no part of this.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        if (event.effectiveDirective === 'img-src') console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    await signIn(demoAccounts().user);
    await page.goto('/register-regiment');

    const banner = page.getByRole('group', { name: 'Banner Image' });
    await banner.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: gradientPng(240, 60) });
    const preview = banner.getByRole('img', { name: 'Banner Image preview' });
    await expect(preview).toBeVisible();
    // The preview is the chosen file itself (an object URL), drawn before and after the upload.
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await expect(banner.getByRole('button', { name: 'Remove image: Banner Image' })).toBeVisible();
    expect(errors).toEqual([]);
  },
);

/** The colour of the pixel at (x, y) of an element's screenshot, as [r, g, b]. */
async function pixelOf(element: Locator, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const isNearlyWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;

test(
  "a regiment without a banner has a header in its side's colours, as its officers' pages do, with no blank banner box",
  SAME_ON_EVERY_ENGINE,
  async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const regiments = (await (await request.get('/api/regiments')).json()) as Regiment[];
    const regiment = regiments.find((candidate) => candidate.bannerImageUrl === null && candidate.officerCount > 0);
    if (!regiment) throw new Error('the demo data has no regiment without a banner');
    const officers = (await (await request.get(`/api/officers/regiment/${regiment.id}`)).json()) as Officer[];

    await page.goto(`/officer/${officers[0]!.id}`);
    const officerHeader = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    const sideColour = await pixelOf(officerHeader, 24, 24);
    expect(isNearlyWhite(sideColour)).toBe(false);

    await page.goto(`/regiment/${regiment.id}`);
    const heading = page.getByRole('heading', { level: 1, name: regiment.name });
    await expect(heading).toBeVisible();
    const header = page.locator('header').filter({ has: heading });
    await expect(header.getByRole('img', { name: `${regiment.name} banner` })).toHaveCount(0);
    // Its top left corner has the colour the officer's header has there (the same side's gradient)...
    expect(await pixelOf(header, 24, 24)).toEqual(sideColour);
    // ...and across its top no stretch of white stands in for the missing banner.
    const box = (await header.boundingBox())!;
    for (const x of [box.width * 0.25, box.width * 0.5, box.width * 0.75]) expect(isNearlyWhite(await pixelOf(header, x, 24)), `x=${x}`).toBe(false);
    // The name sits near the top, not under 220 px of empty banner.
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.y - box.y).toBeLessThan(80);
  },
);

test('the header stays on one line for a signed-in admin from 700 to 1366 px', SAME_ON_EVERY_ENGINE, async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(demoAccounts().admin);
  await page.goto('/');
  const header = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  const oneLineHeight = (await header.boundingBox())!.height;

  for (const width of [700, 768, 900, 1024, 1279, 1280, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    expect((await header.boundingBox())!.height, `header height at ${width} px`).toBe(oneLineHeight);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    if (await nav.isVisible()) {
      // Every link in view, side by side on one line.
      const boxes = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
      expect(
        boxes.map((box) => box.top),
        `link tops at ${width} px`,
      ).toEqual(boxes.map(() => boxes[0]!.top));
      expect(Math.max(...boxes.map((box) => box.right)), `links within the window at ${width} px`).toBeLessThanOrEqual(width);
      expect(new Set(boxes.map((box) => box.height)).size, `link heights at ${width} px`).toBe(1);
    } else {
      // Folded into the menu button, which opens them all.
      await menuButton.click();
      for (const name of ['Home', 'Search', 'Register Regiment', 'Register as Officer', 'Admin Dashboard']) {
        await expect(nav.getByRole('link', { name }), `${name} at ${width} px`).toBeVisible();
      }
      await menuButton.click();
      await expect(nav).toBeHidden();
    }
  }
});

test(
  'a path with no screen, a missing officer and a missing regiment answer 404 with the not-found screens',
  SAME_ON_EVERY_ENGINE,
  async ({ page, request }) => {
    const notFound = await page.goto('/no-such-page');
    expect(notFound?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toBeVisible();

    const missingOfficer = await page.goto('/officer/99999999');
    expect(missingOfficer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Officer Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();

    const missingRegiment = await page.goto('/regiment/99999999');
    expect(missingRegiment?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Regiment Not Found' })).toBeVisible();

    // A page that exists still answers 200, the second time from memory too.
    const [officer] = (await (await request.get('/api/officers/top')).json()) as Officer[];
    for (let visit = 0; visit < 2; visit++) {
      expect((await page.goto(`/officer/${officer!.id}`))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: officer!.name })).toBeVisible();
    }
    expect((await page.goto('/Search/'))?.status()).toBe(200);
  },
);
