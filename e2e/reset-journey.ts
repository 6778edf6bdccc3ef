import { expect, type Page } from '@playwright/test';
import { logInThroughUi, logOutThroughUi, registerThroughUi, uniqueName, type Mailbox } from './support';

/**
 * The password reset journey of spec sections 2, 4 and 8, the same in both identity modes (issue 20):
 * register, verify, sign out, forget the password, open the mailed link, set a new one under the
 * reset rule, sign in with it; the old one fails and the used link is dead. Only where the mail is
 * read differs (`mailbox`): the captured SMTP mail, or the identity service's.
 */
export async function resetForgottenPasswordThroughUi(page: Page, mailbox: Mailbox) {
  const username = uniqueName('Forgetful');
  const { email, password: oldPassword } = await registerThroughUi(page, username, undefined, mailbox);
  await logOutThroughUi(page, username);
  const newPassword = 'Skirmisher-1864';

  // Asking for the link, from the login screen.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Password reset email sent. Please check your inbox (and spam folder).')).toBeVisible();

  // The link from the mail opens the reset screen for this account.
  const link = await mailbox.latestLink(email, 'resetPassword', { since });
  expect(link).toMatch(/^http:\/\/localhost:\d+\/__\/auth\/action\?mode=resetPassword&oobCode=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The reset rule, then the confirmation.
  await page.getByLabel('New Password').fill('weakpassword');
  await page.getByLabel('Confirm Password').fill('weakpassword');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number'),
  ).toBeVisible();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL('/login');

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: /^login$/i }).click();
  // Radix also announces the toast in a hidden live region, hence first().
  await expect(page.getByText('Login Failed').first()).toBeVisible();
  await expect(page).toHaveURL('/login');

  await logInThroughUi(page, email, newPassword);
  await expect(page.getByText(`Welcome back, ${username}`)).toBeVisible();
  await logOutThroughUi(page, username);

  // A used link is dead.
  await page.goto(link);
  await expect(page.getByText('Invalid or expired password reset link. Please request a new one.')).toBeVisible();
}
