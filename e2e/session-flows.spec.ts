/**
 * Issue 13, flows: logout lands on / from any page (item 5), scroll memory only on back/forward
 * (item 6), and login returns to the page that asked for it (item 9).
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterNextIdleFrame, demoAccounts } from './support';

interface OfficerSummary {
  id: number;
  name: string;
  reviewCount: number;
}

/** Officers of the Top Rated list, most reviewed first (their pages are the longest). */
async function topOfficers(request: APIRequestContext): Promise<OfficerSummary[]> {
  const response = await request.get('/api/officers/top');
  expect(response.ok()).toBe(true);
  const top: OfficerSummary[] = await response.json();
  expect(top.length).toBeGreaterThan(1);
  return [...top].sort((a, b) => b.reviewCount - a.reviewCount);
}

/** A toast (Radix renders each as a list item in the notifications region). */
function toast(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });
}

async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/**
 * The answer to the auth status the app asks for once the logout has answered (it refetches every
 * query as a visitor): after it, the session has settled and nothing more comes of the logout.
 * Call before logging out.
 */
function authStatusAfterLogout(page: Page): Promise<Response> {
  let isLoggedOut = false;
  return page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/auth/logout' && response.ok()) isLoggedOut = true;
    return isLoggedOut && pathname === '/api/auth/status';
  });
}

/** Fills the login form the page shows (whatever its ?next=) and submits it. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('logout (spec section 2: successful logout sends the browser to /)', () => {
  test('from My Reviews: home, "Signed out", and no "Authentication Required"', async ({ page, signIn }) => {
    const { user } = demoAccounts();
    // The test ends the session: one of its own.
    await signIn(user, { fresh: true });
    await page.goto('/my-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();

    const settled = authStatusAfterLogout(page);
    await logOut(page, user.username);

    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();
    // Still the only toast once the auth status has settled (one toast at a time would replace it).
    expect((await (await settled).json()).authenticated).toBe(false);
    await afterNextIdleFrame(page);
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expect(page.getByText('Authentication Required')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test('from the admin dashboard: home, "Signed out", and no "Access Denied"', async ({ page, signIn }) => {
    const { admin } = demoAccounts();
    await signIn(admin, { fresh: true });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    const settled = authStatusAfterLogout(page);
    await logOut(page, admin.username);

    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find an Officer' })).toBeVisible();
    expect((await (await settled).json()).authenticated).toBe(false);
    await afterNextIdleFrame(page);
    await expect(page.getByText('Access Denied')).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test('from an officer page: home, not the same page', async ({ page, signIn }) => {
    const [officer] = await topOfficers(page.request);
    const { user } = demoAccounts();
    await signIn(user, { fresh: true });
    await page.goto(`/officer/${officer!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: officer!.name })).toBeVisible();

    await logOut(page, user.username);

    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Signed out')).toBeVisible();
  });
});

test('scroll positions come back on back/forward only; a fresh load opens at the top', async ({ page }) => {
  const [officer, another] = await topOfficers(page.request);
  await page.goto(`/officer/${officer!.id}`);
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()).toBeVisible();

  // Down into the reviews.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);

  // Another page by a link (the header stays in view: clicking it does not scroll first).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
  await expect.poll(() => scrollY(page)).toBe(0);

  // Back: the officer page where it was left.
  await page.goBack();
  await expect(page).toHaveURL(`/officer/${officer!.id}`);
  await expect.poll(() => scrollY(page)).toBe(600);

  // A fresh load of an officer URL (the address bar, a link from Discord, the return from Steam)
  // is a new entry: it opens at the top, not at the position of the page before it.
  await page.goto(`/officer/${another!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: another!.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()).toBeVisible();
  // The scroll memory restores in the commit that renders the route, before the frame that shows it:
  // once a frame has been drawn with the reviews and the page is idle, any restoring is done.
  await afterNextIdleFrame(page);
  expect(await scrollY(page)).toBe(0);

  // Back to the first entry (a new document, as after a visit to another site): its position again.
  await page.goBack();
  await expect(page).toHaveURL(`/officer/${officer!.id}`);
  await expect.poll(() => scrollY(page)).toBe(600);
});

test.describe('login returns to the page that asked for it', () => {
  test('"Login to write a review" signs in and lands back on that officer', async ({ page }) => {
    const [officer] = await topOfficers(page.request);
    const officerPath = `/officer/${officer!.id}`;
    const { user } = demoAccounts();

    await page.goto(officerPath);
    await page.getByRole('link', { name: 'Login to write a review' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(officerPath)}`);
    await submitLogin(page, user.email, user.password);

    await expect(page).toHaveURL(officerPath);
    await expect(page.getByRole('heading', { level: 1, name: officer!.name })).toBeVisible();
    await expect(page.getByRole('button', { name: user.username })).toBeVisible();
    // Signed in now: one of the signed-in review buttons, not the login link.
    await expect(page.getByRole('link', { name: /^(Write a Review|Edit Your Review|Connect Steam to Review)$/ })).toBeVisible();
  });

  test('an "Authentication Required" redirect offers a login that returns to the page', async ({ page }) => {
    const { user } = demoAccounts();
    await page.goto('/my-reviews');
    await expect(page).toHaveURL('/');
    const required = toast(page, 'Authentication Required');
    await expect(required).toContainText('You must be logged in to view your reviews.');

    await required.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/my-reviews')}`);
    await submitLogin(page, user.email, user.password);

    await expect(page).toHaveURL('/my-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
  });

  test('a next that leaves the site is ignored: login goes home', async ({ page }) => {
    const { user } = demoAccounts();
    await page.goto(`/login?next=${encodeURIComponent('//example.com/')}`);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL('/');
    await expect(page.getByText(`Welcome back, ${user.username}`)).toBeVisible();
  });
});
