import type { Page } from '@playwright/test';
import { securityMessages } from '#core/messages/security.js';
import { expect, test } from './fixtures';
import { logOutThroughUi, totpCode, uniqueName } from './support';

/**
 * Issue 34 in the browser: an authenticator app set up from its displayed key, passkeys made and used
 * by a virtual authenticator (Chromium's WebAuthn testing API, through the DevTools protocol), and
 * the sign-in's second step with each, as well as a passkey alone. Each test makes its own account.
 */

/** A platform authenticator that holds passkeys and says yes at once, as a fingerprint reader would. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });

/** The recovery codes the page shows once, read as the user would copy them, then acknowledged. */
async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: securityMessages.recoveryTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: securityMessages.recoverySaved }).click();
  await expect(list).toHaveCount(0);
  return codes;
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/settings/security');
  await page.getByLabel(securityMessages.passkeyNameLabel).fill(name);
  await page.getByRole('button', { name: securityMessages.passkeyAdd }).click();
  await expect(toast(page, securityMessages.passkeyAdded(name))).toBeVisible();
  // The account's first factor: its recovery codes, shown this once.
  await saveRecoveryCodes(page);
  await expect(page.getByRole('list', { name: securityMessages.passkeysTitle }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

test('a passkey added on the security settings finishes the sign-in after the password', async ({ page, signIn, createUser }) => {
  await addVirtualAuthenticator(page);
  const account = await createUser(uniqueName('Chamberlain'));
  await signIn(account);
  await addPasskey(page, 'Virtual key');
  await logOutThroughUi(page, account.username);

  await submitPassword(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: securityMessages.secondFactorTitle })).toBeVisible();
  // A passkey account without the app: the passkey, and a recovery code one click away.
  await expect(page.getByLabel(securityMessages.codeLabel)).toHaveCount(0);
  await page.getByRole('button', { name: securityMessages.usePasskey }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Welcome back, ${account.username}`)).toBeVisible();
  // The passkey's use is on its record.
  await page.goto('/settings/security');
  await expect(page.getByRole('list', { name: securityMessages.passkeysTitle })).toContainText('last used');
});

test('a passkey alone signs in, without the email and password', async ({ page, signIn, createUser }) => {
  await addVirtualAuthenticator(page);
  const account = await createUser(uniqueName('Buford'));
  await signIn(account);
  await addPasskey(page, 'Laptop');
  await logOutThroughUi(page, account.username);

  await page.goto('/login');
  await page.getByRole('button', { name: securityMessages.signInWithPasskey }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Welcome back, ${account.username}`)).toBeVisible();
});

test('an authenticator app set up from its key asks for a code at sign-in; a recovery code stands in for it once', async ({
  page,
  signIn,
  createUser,
}) => {
  const account = await createUser(uniqueName('Reynolds'));
  await signIn(account);
  await page.goto('/settings/security');
  await page.getByRole('button', { name: securityMessages.totpSetUp }).click();
  await expect(page.getByRole('img', { name: securityMessages.totpQrAlt })).toBeVisible();
  // The key as typed into an app by hand.
  const secret = (await page.locator('code').textContent())!.trim();
  const enrolledAt = Date.now();
  const enrolmentCode = totpCode(secret, enrolledAt);
  await page.getByLabel(securityMessages.codeLabel).fill(enrolmentCode);
  await page.getByRole('button', { name: securityMessages.totpEnable }).click();
  await expect(toast(page, securityMessages.totpEnabled)).toBeVisible();
  const [firstRecoveryCode] = await saveRecoveryCodes(page);
  await expect(page.getByText(securityMessages.totpOn)).toBeVisible();
  await expect(page.getByText(securityMessages.recoveryRemaining(10))).toBeVisible();
  await logOutThroughUi(page, account.username);

  // The code used at enrolment is refused (used once); a later step's is taken, as an app's next code
  // would be: the next step's while the clock is still in the enrolment's, else the current one's.
  await submitPassword(page, account.email, account.password);
  const code = page.getByLabel(securityMessages.codeLabel);
  await code.fill(enrolmentCode);
  await page.getByRole('button', { name: securityMessages.verify }).click();
  await expect(page.getByText(securityMessages.invalidCode)).toBeVisible();
  await code.fill(totpCode(secret, Math.max(Date.now(), enrolledAt + 30_000)));
  await page.getByRole('button', { name: securityMessages.verify }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Welcome back, ${account.username}`)).toBeVisible();
  await logOutThroughUi(page, account.username);

  await submitPassword(page, account.email, account.password);
  await page.getByRole('button', { name: securityMessages.useRecoveryCode }).click();
  await page.getByLabel(securityMessages.recoveryCodeLabel).fill(firstRecoveryCode!.toUpperCase());
  await page.getByRole('button', { name: securityMessages.verify }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/settings/security');
  await expect(page.getByText(securityMessages.recoveryRemaining(9))).toBeVisible();
});
