/**
 * The regiment finder (issue 36, item 5): a recruit filters the Regiments tab of /search by region
 * and recruiting, and the filters stay in the URL. The facts are set by an admin through the API
 * (editing them in the dialog is the component tests' subject).
 */
import type { RankedRegiment } from '#core/api.js';
import { expect, test } from './fixtures';
import { demoAccounts } from './support';

test('a recruit filters regiments by region and recruiting on /search', async ({ page, newSignedInContext }) => {
  const admin = await newSignedInContext(demoAccounts().admin);
  const everyRegiment = (await (await admin.request.get('/api/regiments')).json()) as RankedRegiment[];
  // Oceania: a region no other test sets, so the filter's answer is these two alone.
  const [open, closed] = everyRegiment.filter((regiment) => regiment.region === null).slice(0, 2);
  if (!open || !closed) throw new Error('the demo data needs two regiments without a region');
  const { csrfToken } = (await (await admin.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  for (const [regiment, recruiting] of [
    [open, true],
    [closed, false],
  ] as const) {
    const { name, description, bannerImageUrl, iconImageUrl } = regiment;
    const answer = await admin.request.fetch(`/api/regiments/${regiment.id}/edit`, {
      method: 'PATCH',
      headers: { 'CSRF-Token': csrfToken },
      data: { name, description, bannerImageUrl, iconImageUrl, region: 'OCE', recruiting, languages: ['en'] },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  await page.goto('/search?showRegiments=true');
  const results = page.getByRole('list', { name: 'Regiments' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();

  await page.getByLabel('Region').selectOption('OCE');
  await expect(page).toHaveURL(/region=OCE/);
  await expect(results).toHaveCount(2);
  await expect(results.filter({ hasText: open.name })).toHaveCount(1);
  await expect(results.filter({ hasText: closed.name })).toHaveCount(1);

  await page.getByLabel('Recruiting only').check();
  await expect(page).toHaveURL(/recruiting=true/);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(open.name);
  await expect(results.first()).toContainText('Recruiting · OCE · English');

  // The filters are in the URL: the same list after a reload.
  await page.reload();
  await expect(page.getByLabel('Region')).toHaveValue('OCE');
  await expect(page.getByLabel('Recruiting only')).toBeChecked();
  await expect(results).toHaveCount(1);
});
