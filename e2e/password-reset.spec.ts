import { expect, test } from './fixtures';
import { resetForgottenPasswordThroughUi } from './reset-journey';
import { smtpMailbox } from './support';

test('a user resets a forgotten password with the link from the mail', async ({ page }) => {
  await resetForgottenPasswordThroughUi(page, smtpMailbox);
});

test('the reset screen refuses links it cannot use', async ({ page }) => {
  await page.goto('/reset-password?mode=resetPassword');
  await expect(page.getByText('Missing password reset code. Please check your email link and try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible();

  await page.goto('/reset-password?mode=verifyEmail&oobCode=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText(/^This link is not for password reset/)).toBeVisible();

  await page.goto('/__/auth/action?mode=resetPassword&oobCode=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Invalid or expired password reset link. Please request a new one.')).toBeVisible();
});
