import { expect, test } from './fixtures';
import { formatDate } from '#core/date.js';
import { demoAccounts } from './support';

/**
 * Issue 17: the demo data's review wave (six one-star reviews from new accounts, held by the
 * detector every review write runs) as a moderator and a visitor see it; issue 32: why each review
 * is held, and one review removed on its own.
 */
test('a review wave: the moderators see it with its histogram, a visitor sees the notice and the held reviews', async ({ page, browser, signIn }) => {
  const { admin } = demoAccounts();
  await signIn(admin);
  await page.goto('/admin');
  const openWaves = page.getByRole('region', { name: 'Open Review Waves' });
  await expect(openWaves).toContainText('1');

  await page.goto('/admin/reviews');
  const section = page.getByRole('region', { name: 'Review Waves' });
  const wave = section.getByRole('article');
  await expect(wave).toHaveCount(1);
  await expect(wave).toContainText('Being checked');
  await expect(wave).toContainText('6 reviews within 24 hours from accounts created or linked to Steam less than 7 days before.');
  const officerLink = wave.getByRole('heading').getByRole('link');
  const officerName = (await officerLink.textContent())!;

  // The histogram: bars for the eye, a table for screen readers, today's six held reviews in it.
  const histogram = wave.getByRole('figure', { name: `Reviews of ${officerName} per day around the wave` });
  await expect(histogram).toBeVisible();
  // Days as the site writes dates ('Month D, YYYY', issue 32).
  await expect(histogram.getByRole('row', { name: new RegExp(`^${formatDate(new Date())} \\d+ 6$`) })).toHaveCount(1);
  await expect(wave.getByRole('button', { name: `Release the review wave of ${officerName}` })).toBeVisible();
  await expect(wave.getByRole('button', { name: `Remove the review wave of ${officerName}` })).toBeVisible();
  const href = (await officerLink.getAttribute('href'))!;

  // A visitor: the notice above the officer's page, and the held reviews still listed, marked.
  const visitor = await browser.newPage();
  await visitor.goto(href);
  // One date when the wave's reviews are of one day, two otherwise; a closing period (issue 32).
  await expect(visitor.getByRole('note')).toHaveText(
    /^Unusual review activity (on \w+ \d{1,2}, \d{4}|between \w+ \d{1,2}, \d{4} and \w+ \d{1,2}, \d{4}): 6 reviews are being checked and are not counted in the ratings\.$/,
  );
  // The header's count agrees with the list: the counted reviews, and the six being checked.
  await expect(visitor.getByRole('group', { name: 'Average rating' })).toContainText(/\d+ counted · 6 being checked/);
  // Newest first: the first page's reviews are the wave's, each marked.
  const cards = visitor.getByRole('article');
  await expect(cards.first()).toContainText('Being checked: not counted in the ratings');
  // Cards arrive one per frame (officer-reviews.tsx); the list's count line shows once the page is whole.
  await expect(visitor.getByText(/^Showing \d+ of \d+ reviews?$/)).toBeVisible();
  expect(await visitor.getByText('Being checked: not counted in the ratings').count()).toBe(Math.min(6, await cards.count()));
  await visitor.close();

  // Issue 32: the moderator reads why each review is held, and removes one review on its own. The
  // wave's reviews are articles too once shown: the wave is found by its officer from here on.
  const waveCard = section.getByRole('article', { name: officerName, exact: true });
  await waveCard.getByText(/^6 reviews$/).click();
  await expect(waveCard.getByText(/^Held for: .*New accounts/).first()).toBeVisible();
  const removeOne = waveCard.getByRole('button', { name: /^Remove this review by / }).first();
  const reviewer = ((await removeOne.textContent()) ?? '').replace(/^Remove this review by /, '');
  await removeOne.click();
  const confirm = page.getByRole('dialog', { name: 'Remove this review' });
  await expect(confirm).toContainText('its author cannot review this officer again for 30 days');
  // Issue 33: the removal tells its author why.
  await confirm.getByLabel('Ground').selectOption({ label: 'Self-reviews, several accounts or coordinated rating campaigns' });
  await confirm.getByLabel('Facts').fill('One of six new accounts that rated him 1 star within the hour.');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Review Removed', { exact: true }).first()).toBeVisible();
  await expect(waveCard.getByRole('button', { name: /^Remove this review by / })).toHaveCount(5);
  await expect(waveCard.getByRole('button', { name: `Remove this review by ${reviewer}` })).toHaveCount(0);
  await expect(waveCard.getByText('Being checked', { exact: true })).toBeVisible();
});
