import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { authApiPaths } from '#core/auth-api-paths';
import { authMessages } from '#core/messages/auth.js';
import { yourDataMessages } from '#core/messages/your-data.js';
import { expect, sendWrite, test } from './fixtures';
import { uniqueName } from './support';

/**
 * Issue 35 in the browser: a user downloads everything the site keeps about them, deletes the
 * account, and then cannot sign in with it. The e2e server deletes an account at the first retention
 * run after the request (ACCOUNT_DELETION_GRACE_DAYS=0, a run a minute: e2e/serve.mjs); the grace
 * period and its cancellation are the web unit tests' (src/web/features/settings/your-data.test.tsx).
 */

const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });

test('a user downloads their data, deletes the account, and then cannot sign in', async ({ page, signIn, createUser, playwright, baseURL }) => {
  const account = await createUser(uniqueName('Longstreet'));
  await signIn(account, { fresh: true });
  await page.goto('/settings');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: yourDataMessages.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^war-of-rights-ratings-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { username: string; email: string } };
  expect(exported.account).toMatchObject({ username: account.username, email: account.email });

  await page.getByRole('button', { name: yourDataMessages.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: yourDataMessages.deleteTitle });
  await dialog.getByRole('radio', { name: yourDataMessages.deleteAnonymize }).check();
  await dialog.getByLabel(yourDataMessages.deletePasswordLabel).fill(account.password);
  await expect(dialog.getByRole('button', { name: yourDataMessages.deleteButton })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: yourDataMessages.deleteConfirm }).check();
  await dialog.getByRole('button', { name: yourDataMessages.deleteButton }).click();

  // Signed out, at home, told when the account goes.
  await expect(page).toHaveURL('/');
  await expect(toast(page, yourDataMessages.deleteRequestedTitle)).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();

  // The next retention run deletes it (within a minute); until then its password still signs in,
  // to the grace period. Each attempt signs in from a browser of its own, not this page's.
  await expect
    .poll(
      async () => {
        const request = await playwright.request.newContext({ baseURL });
        try {
          const answer = await sendWrite(request, 'POST', authApiPaths.login, { email: account.email, password: account.password });
          return answer.status();
        } finally {
          await request.dispose();
        }
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(401);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(toast(page, authMessages.loginFailedTitle)).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(authMessages.invalidEmailOrPassword);
  await expect(page).toHaveURL('/login');
});
