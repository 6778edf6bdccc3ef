/**
 * Search as you type (issue 15, item 1): the home and search boxes suggest officers and regiments
 * while the person types, as a combobox used by mouse or keyboard, and a slip of the fingers still
 * finds its officer.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Officer, Regiment } from '#core/api';
import { expect, test } from './fixtures';
import { SAME_ON_EVERY_ENGINE } from './support';

const PLACEHOLDER = 'Search by name, regiment, or rank...';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  return (await (await request.get(path)).json()) as T;
}

/** An officer of the demo data whose surname no other officer has, long enough to mistype. */
async function officerWithOwnSurname(request: APIRequestContext): Promise<Officer & { surname: string }> {
  const officers = await getJson<Officer[]>(request, '/api/officers');
  const surnameOf = (officer: Officer) => officer.name.split(' ').at(-1)!;
  const counts = new Map<string, number>();
  for (const officer of officers) counts.set(surnameOf(officer), (counts.get(surnameOf(officer)) ?? 0) + 1);
  const officer = officers.find((candidate) => {
    const surname = surnameOf(candidate);
    return counts.get(surname) === 1 && surname.length >= 7 && surname.at(-3) !== surname.at(-2);
  });
  if (!officer) throw new Error('the demo data has no officer with a surname of their own');
  return { ...officer, surname: surnameOf(officer) };
}

test('suggestions by mouse: a regiment picked from the home box opens its page', SAME_ON_EVERY_ENGINE, async ({ page, request }) => {
  const regiments = await getJson<Regiment[]>(request, '/api/regiments');
  const regiment = regiments.find((candidate) => candidate.name.startsWith('Iron Brigade'));
  if (!regiment) throw new Error('the demo data has no Iron Brigade');

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Name, regiment or rank' });
  await box.fill('iron brig');
  // The regiment itself, not its officers (whose suggestions name their regiment too).
  const option = page
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option', { name: `${regiment.name} Regiment`, exact: false })
    .first();
  await expect(option).toHaveAccessibleName(new RegExp(`^${escapeRegExp(regiment.name)} Regiment`));
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await option.click();

  await expect(page).toHaveURL(`/regiment/${regiment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: regiment.name })).toBeVisible();
});

test(
  'suggestions by keyboard: arrows and Enter open an officer, Escape closes, Enter alone searches',
  SAME_ON_EVERY_ENGINE,
  async ({ page, request }) => {
    const officer = await officerWithOwnSurname(request);

    await page.goto('/search');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.focus();
    await page.keyboard.type(officer.name);
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toContainText(officer.name);
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: /suggestions?:/ })).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const active = page.locator(`#${await box.getAttribute('aria-activedescendant')}`);
    await expect(active).toContainText(officer.name);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/officer/${officer.id}`);
    await expect(page.getByRole('heading', { level: 1, name: officer.name })).toBeVisible();

    // Enter with no suggestion chosen still submits the home form to /search.
    await page.goto('/');
    const homeBox = page.getByRole('combobox', { name: 'Name, regiment or rank' });
    await homeBox.focus();
    await page.keyboard.type(officer.surname);
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/search?q=${officer.surname}`);
  },
);

test('a mistyped surname still suggests its officer', SAME_ON_EVERY_ENGINE, async ({ page, request }) => {
  const officer = await officerWithOwnSurname(request);
  // Two neighbouring letters swapped, as "crawfrod" for Crawford.
  const { surname } = officer;
  const typo = surname.slice(0, -3) + surname.at(-2)! + surname.at(-3)! + surname.at(-1)!;

  await page.goto('/');
  await page.getByPlaceholder(PLACEHOLDER).fill(typo.toLowerCase());
  const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').filter({ hasText: officer.name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(`/officer/${officer.id}`);
});
