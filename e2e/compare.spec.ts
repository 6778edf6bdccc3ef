/**
 * Comparing officers (issue 36, item 2): three officers chosen in the search results and opened side
 * by side on a laptop, a table with a column each; the same three on a phone, started from one
 * officer's "Compare with…" and the others added from the comparison's search box, a card each,
 * nothing scrolling sideways down to 320 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { OfficerDetail, RankedOfficer } from '#core/api';
import { formatRating } from '#core/rating';
import { expect, test } from './fixtures';

async function threeRatedOfficers(request: APIRequestContext): Promise<OfficerDetail[]> {
  const top = (await (await request.get('/api/officers/top')).json()) as RankedOfficer[];
  const rated = top.filter((officer) => officer.reviewCount > 0).slice(0, 3);
  expect(rated).toHaveLength(3);
  return Promise.all(rated.map(async (officer) => (await (await request.get(`/api/officers/${officer.id}`)).json()) as OfficerDetail));
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('three officers chosen in the search compared side by side on a laptop', async ({ page, request }) => {
  const officers = await threeRatedOfficers(request);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/search');
  for (const officer of officers) {
    // Each found by name, then chosen from its result.
    const box = page.getByLabel('Search', { exact: true });
    await box.fill(officer.name);
    // The suggestions closed, so they cover no result.
    await box.press('Escape');
    await page.getByRole('checkbox', { name: `Compare ${officer.rank} ${officer.name}` }).check();
  }
  await expect(page.getByText('3 of 4 chosen to compare')).toBeVisible();
  await page.getByRole('link', { name: 'Open comparison' }).click();

  await expect(page).toHaveURL(`/compare?officers=${officers.map((officer) => officer.id).join(',')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare Officers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'The officers compared, one column each' });
  await expect(table).toBeVisible();
  await expect(table.locator('thead').getByRole('link')).toHaveText(officers.map((officer) => `${officer.rank} ${officer.name}`));
  // The figures are the officer pages' own.
  const overall = table
    .locator('tbody')
    .nth(1)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Overall' }) });
  await expect(overall.getByRole('cell')).toHaveText(officers.map((officer) => new RegExp(formatRating(officer.averageRating).replace('.', '\\.'))));
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Regiment' }) })
      .getByRole('cell'),
  ).toHaveText(officers.map((officer) => officer.regimentName));
  // The phone's cards are not shown beside the table.
  await expect(page.getByRole('list', { name: 'The officers compared' })).toBeHidden();
  expect(await scrollsSideways(page)).toBe(false);
});

test("three officers compared on a phone, from one officer's page", async ({ page, request }) => {
  const [first, ...others] = await threeRatedOfficers(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/officer/${first!.id}`);
  await page.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page.getByText('Add at least one more officer to compare with.')).toBeVisible();

  const addBox = page.getByRole('combobox', { name: 'Add an officer' });
  for (const officer of others) {
    await addBox.fill(officer.name);
    await page
      .getByRole('listbox', { name: 'Officers to add' })
      .getByRole('option', { name: new RegExp(officer.name) })
      .first()
      .click();
  }
  const ids = [first!, ...others].map((officer) => officer.id);
  await expect(page).toHaveURL(`/compare?officers=${ids.join(',')}`);

  const cards = page.getByRole('list', { name: 'The officers compared' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([first!, ...others].map((officer) => `${officer.rank} ${officer.name}`));
  await expect(cards.nth(1).getByRole('link', { name: others[0]!.regimentName })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await scrollsSideways(page), `${width} px`).toBe(false);
  }
});

test("on a phone a result's compare box sits under its own card, clear of the next result's", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?sortBy=name&sortOrder=asc');
  const results = page.getByRole('list', { name: 'Officers' }).getByRole('listitem');
  await expect(results.nth(1)).toBeVisible();
  const box = await results.nth(0).getByRole('checkbox').boundingBox();
  const nextCard = await results.nth(1).getByRole('link').first().boundingBox();
  // Before, the card took its cell's whole height and the box overflowed under the next card.
  expect(box!.y + box!.height).toBeLessThanOrEqual(nextCard!.y);
});
