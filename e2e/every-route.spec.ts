import type { BrowserContext, Page } from '@playwright/test';
import axe, { type AxeResults, type Result, type RunOptions } from 'axe-core';
import type { Officer, ReviewPage } from '#core/api';
import { CLIENT_ROUTES, type ClientRoute } from '#core/client-routes';
import { followMessages } from '#core/messages/follows.js';
import { commonMessages } from '#core/messages/common.js';
import { yourDataMessages } from '#core/messages/your-data.js';
import { expect, test } from './fixtures';
import { demoAccounts, SAME_ON_EVERY_ENGINE } from './support';

/**
 * Every screen of the route list (spec section 2) as the people who use it see it, on a small phone,
 * a common phone and a laptop: no page may scroll sideways, and axe finds nothing serious or
 * critical (at 390 and 1366 px). Colour contrast, the same at every width, is checked at 1366 px, in
 * the light theme and in the dark one (the system's setting, issue 19). One signed-in context per
 * role and one load per screen (resized to each size) keep it fast.
 */

type Role = 'visitor' | 'user' | 'admin';

interface Screen {
  /** A screen of the app, its not-found screen, or the API's reference page (its own page, issue 36). */
  route: ClientRoute | 'notFound' | 'apiDocs';
  path: string;
  role: Role;
  /** The page's level-1 heading: the screen has rendered (and is the right one, not Access Denied). */
  heading: string | RegExp;
  /** What shows once the screen's data has arrived, when the heading comes first. */
  content?: (page: Page) => ReturnType<Page['locator']>;
}

// Colours do not change with the width: contrast, axe's costliest rule, is checked at one width, in
// both themes (the dark theme changes colours, not layout).
const VIEWPORTS = [
  { width: 320, height: 740, axe: false, contrast: false },
  { width: 390, height: 844, axe: true, contrast: false },
  { width: 1366, height: 900, axe: true, contrast: true },
] as const;

// The admin tables list every officer or user, each row drawn by the same component: the first ten
// stand for the rest, and checking all of them took most of this spec's time.
const AXE_EXCLUDE = 'tbody tr:nth-child(n+11)';

/** Real ids from the demo data: an officer with reviews (and the regiment it belongs to), and one of its reviewers. */
interface DemoIds {
  officer: Officer;
  /** Three officers with reviews, for the comparison (issue 36). */
  compared: Officer[];
  reviewer: { id: number; username: string };
}

function screensOf({ officer, compared, reviewer }: DemoIds): Screen[] {
  const path = (route: ClientRoute, params: Record<string, string | number> = {}) =>
    CLIENT_ROUTES[route].replace(/:(\w+)/g, (_match, name: string) => String(params[name]));
  const firstWord = officer.name.split(' ').at(-1)!;
  return [
    {
      route: 'home',
      path: '/',
      role: 'visitor',
      heading: 'Know who you are following into the line',
      content: (page) => page.locator('main a[href^="/officer/"]').first(),
    },
    { route: 'home', path: '/', role: 'user', heading: /Welcome back/, content: (page) => page.locator('main a[href^="/officer/"]').first() },
    { route: 'login', path: path('login'), role: 'visitor', heading: 'Login' },
    { route: 'register', path: path('register'), role: 'visitor', heading: 'Create an Account' },
    { route: 'verifyEmail', path: path('verifyEmail'), role: 'visitor', heading: 'Email Verification' },
    { route: 'forgotPassword', path: path('forgotPassword'), role: 'visitor', heading: 'Forgot Password' },
    { route: 'authAction', path: `${path('authAction')}?mode=resetPassword&oobCode=not-a-real-code`, role: 'visitor', heading: 'Reset Password' },
    { route: 'resetPassword', path: path('resetPassword'), role: 'visitor', heading: 'Reset Password' },
    {
      route: 'officer',
      path: path('officer', { id: officer.id }),
      role: 'visitor',
      heading: officer.name,
      content: (page) => page.getByRole('heading', { name: 'Rating Breakdown' }),
    },
    {
      route: 'regiment',
      path: path('regiment', { id: officer.regimentId }),
      role: 'visitor',
      heading: officer.regimentName,
      content: (page) => page.getByRole('list', { name: 'Officers of the regiment' }),
    },
    // Issue 36, item 3: who wrote a review, with the reviews they wrote.
    {
      route: 'reviewer',
      path: path('reviewer', { id: reviewer.id }),
      role: 'visitor',
      heading: reviewer.username,
      content: (page) => page.getByRole('list', { name: 'Reviews written' }),
    },
    {
      route: 'search',
      path: `${path('search')}?q=${encodeURIComponent(firstWord)}`,
      role: 'visitor',
      heading: 'Search',
      content: (page) => page.locator(`main a[href="/officer/${officer.id}"]`),
    },
    {
      route: 'search',
      path: `${path('search')}?showRegiments=true`,
      role: 'visitor',
      heading: 'Search',
      content: (page) => page.locator('main a[href^="/regiment/"]').first(),
    },
    // Issue 36: three officers side by side, a table on a laptop and a card each on a phone.
    {
      route: 'compare',
      path: `${path('compare')}?officers=${compared.map((candidate) => candidate.id).join(',')}`,
      role: 'visitor',
      heading: 'Compare Officers',
      content: (page) => page.locator('main table:visible, main ul[aria-label="The officers compared"]:visible'),
    },
    { route: 'createReview', path: path('createReview', { officerId: officer.id }), role: 'user', heading: 'Write a Review' },
    {
      route: 'myReviews',
      path: path('myReviews'),
      role: 'user',
      heading: 'My Reviews',
      content: (page) => page.getByRole('list', { name: 'My reviews' }),
    },
    { route: 'registerRegiment', path: path('registerRegiment'), role: 'user', heading: 'Register Regiment' },
    { route: 'registerOfficer', path: path('registerOfficer'), role: 'user', heading: 'Register as Officer' },
    { route: 'myStats', path: path('myStats'), role: 'user', heading: 'My Stats' },
    {
      route: 'settings',
      path: path('settings'),
      role: 'user',
      heading: 'Settings',
      // The settings, and the 'Your data' section that loads after them (issue 35).
      content: (page) =>
        page
          .getByRole('main')
          .filter({ has: page.getByRole('checkbox', { name: 'Hide my War of Rights level on my reviews' }) })
          .filter({ has: page.getByRole('button', { name: yourDataMessages.deleteButton }) }),
    },
    {
      route: 'myRegistrations',
      path: path('myRegistrations'),
      role: 'user',
      heading: 'My Registrations',
      content: (page) => page.getByRole('list', { name: 'My Registrations' }).or(page.getByText('You have not submitted any registration yet.')),
    },
    {
      route: 'notifications',
      path: path('notifications'),
      role: 'user',
      heading: 'Notifications',
      content: (page) => page.getByRole('list', { name: 'Notifications' }).or(page.getByText('You have no notifications yet.')),
    },
    // Issue 36: what the user follows.
    {
      route: 'following',
      path: path('following'),
      role: 'user',
      heading: followMessages.pageTitle,
      content: (page) =>
        page
          .getByRole('list', { name: commonMessages.officers })
          .or(page.getByRole('list', { name: followMessages.regimentsHeading }))
          .or(page.getByText(followMessages.none)),
    },
    // Issue 34: the second factors of the account.
    {
      route: 'security',
      path: path('security'),
      role: 'user',
      heading: 'Security',
      content: (page) => page.getByRole('heading', { name: 'Authenticator app' }),
    },
    // Issue 33: a user's standing, the public moderation log and the transparency report.
    { route: 'standing', path: path('standing'), role: 'user', heading: 'Your Standing' },
    { route: 'moderationLog', path: path('moderationLog'), role: 'visitor', heading: 'How the Site Is Moderated' },
    { route: 'transparency', path: path('transparency'), role: 'visitor', heading: 'Transparency Report' },
    { route: 'admin', path: path('admin'), role: 'admin', heading: 'Admin Dashboard' },
    { route: 'adminOfficers', path: path('adminOfficers'), role: 'admin', heading: 'Officer Registrations' },
    { route: 'adminRegiments', path: path('adminRegiments'), role: 'admin', heading: 'Regiment Registrations' },
    { route: 'adminAllOfficers', path: path('adminAllOfficers'), role: 'admin', heading: 'All Officers' },
    { route: 'adminAllRegiments', path: path('adminAllRegiments'), role: 'admin', heading: 'All Regiments' },
    { route: 'adminManageUsers', path: path('adminManageUsers'), role: 'admin', heading: 'User Management' },
    { route: 'adminReviews', path: path('adminReviews'), role: 'admin', heading: 'Review Moderation' },
    { route: 'privacyPolicy', path: path('privacyPolicy'), role: 'visitor', heading: 'Privacy Policy' },
    { route: 'termsOfService', path: path('termsOfService'), role: 'visitor', heading: 'Terms of Service' },
    { route: 'notFound', path: '/no-such-page', role: 'visitor', heading: '404' },
    // The API's reference page (Swagger UI, issue 36): its own page, in both themes like the others.
    { route: 'apiDocs', path: '/api/docs', role: 'visitor', heading: 'Public API reference', content: (page) => page.locator('.opblock').first() },
  ];
}

let ids: DemoIds;
/** A session of each demo account, made through the API and reused by every viewport. */
const signedIn = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();

test.beforeAll(async ({ request, sessions }) => {
  const top = (await (await request.get('/api/officers/top')).json()) as Officer[];
  const rated = top.filter((candidate) => candidate.reviewCount > 0);
  const officer = rated[0];
  if (!officer || rated.length < 3) throw new Error('the demo data has fewer than three officers with reviews');
  const { reviews } = (await (await request.get(`/api/reviews/officer/${officer.id}?page=1&limit=1`)).json()) as ReviewPage;
  const author = reviews[0]?.user;
  if (!author?.id || !author.username) throw new Error("the demo officer's newest review has no author");
  ids = { officer, compared: rated.slice(0, 3), reviewer: { id: author.id, username: author.username } };
  const accounts = demoAccounts();
  signedIn.set('user', await sessions.storageStateOf(accounts.user));
  signedIn.set('admin', await sessions.storageStateOf(accounts.admin));
});

/** What makes the page wider than the window: the outermost elements past its right edge. */
async function widerThanWindow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const { innerWidth } = window;
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= innerWidth) return { scrollWidth, innerWidth, culprits: [] };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
      .filter((element) => !(element.parentElement && element.parentElement.getBoundingClientRect().right > innerWidth + 0.5))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth, innerWidth, culprits };
  });
}

/**
 * axe run in the page itself: its source evaluated once per loaded document, then axe.run. AxeBuilder
 * (@axe-core/playwright) injects the source again on every call and finishes each run in a blank page
 * of its own, several times this cost (measured on six screens: 97 s against 18 s on a loaded
 * machine); the site has no frames for it to reach into.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axe.source);
  return page.evaluate(
    ([exclude, runOptions]) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run({ exclude: [[exclude]] }, runOptions),
    [AXE_EXCLUDE, options] as const,
  );
}

async function seriousAxeFindings(page: Page, { contrast }: { contrast: boolean }): Promise<string[]> {
  const results = await runAxe(page, {
    resultTypes: ['violations'],
    rules: {
      // Off by default in axe 4 ("experimental"), and the header's logo failed it on every page.
      'label-content-name-mismatch': { enabled: true },
      'color-contrast': { enabled: contrast },
    },
  });
  return describeSerious(results.violations);
}

/** The page in the dark theme, colour contrast only. */
async function seriousDarkContrastFindings(page: Page): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    // Colours that ease (transition-colors) are read at their end, not halfway. A transition the
    // page replaces or cancels meanwhile (its element re-rendered) rejects `finished` with an
    // AbortError: it no longer runs, so there is nothing to wait for.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    const results = await runAxe(page, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return describeSerious(results.violations);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

function describeSerious(violations: Result[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * One test, one page load per screen and role: the screen is loaded at the first size, checked, then
 * the window is resized to each other size and checked again, as a person turning a phone or
 * resizing a window sees it (CSS and the app's media-query listeners follow the window). A load per
 * size drew every screen three times for the same checks (issue 31: CI time).
 */
test(
  `every screen at ${VIEWPORTS.map((viewport) => `${viewport.width}x${viewport.height}`).join(', ')}: no sideways scroll, and no serious axe finding at ${VIEWPORTS.filter(
    (viewport) => viewport.axe,
  )
    .map((viewport) => viewport.width)
    .join(' and ')} px`,
  SAME_ON_EVERY_ENGINE,
  async ({ browser }) => {
    // 31 screens, each checked at three sizes and by axe at two: past the default 120 s on a busy two-core machine.
    test.setTimeout(480_000);
    const screens = screensOf(ids);
    // Every route of the list is visited (and the not-found screen).
    expect(new Set(screens.map((screen) => screen.route))).toEqual(new Set([...Object.keys(CLIENT_ROUTES), 'notFound', 'apiDocs']));
    const [first] = VIEWPORTS;
    for (const role of ['visitor', 'user', 'admin'] as const) {
      const storageState = role === 'visitor' ? undefined : signedIn.get(role);
      const context = await browser.newContext({ viewport: { width: first.width, height: first.height }, storageState });
      const page = await context.newPage();
      for (const screen of screens.filter((candidate) => candidate.role === role)) {
        await page.setViewportSize({ width: first.width, height: first.height });
        await page.goto(screen.path);
        for (const viewport of VIEWPORTS) {
          const where = `${screen.path} as ${role} at ${viewport.width} px`;
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await expect(page.getByRole('heading', { level: 1, name: screen.heading }), where).toBeVisible();
          if (screen.content) await expect(screen.content(page), where).toBeVisible();
          // Loading placeholders and spinners gone: the page is at its final width.
          await expect(page.locator('main [role="status"], main [aria-busy="true"]'), where).toHaveCount(0);

          const width = await widerThanWindow(page);
          expect.soft(width.scrollWidth, `${where} scrolls sideways: ${width.culprits.join('; ')}`).toBeLessThanOrEqual(width.innerWidth);
          if (viewport.axe) expect.soft(await seriousAxeFindings(page, viewport), where).toEqual([]);
          if (viewport.contrast) expect.soft(await seriousDarkContrastFindings(page), `${where}, dark theme`).toEqual([]);
        }
      }
      await context.close();
    }
  },
);
