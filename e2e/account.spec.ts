import { expect, test } from './fixtures';
import { latestMailLink, logInThroughUi, logOutThroughUi, uniqueName } from './support';

test('a user registers, verifies the email from the mail, logs in and out', async ({ page }) => {
  const username = uniqueName('Recruit');
  const email = `${username.toLowerCase()}@example.test`;
  const password = 'Bayonets-1862';
  const since = Date.now();

  // Registering signs nobody in: the login screen asks to verify the email first.
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/login');
  // Radix also announces the toast in a hidden live region, hence first().
  await expect(page.getByText('Registration successful! Please check your email to verify your account.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOGIN' })).toBeVisible();

  // Logging in before verifying is refused, and says so on the screen and in a toast.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByText('Email Verification Required').first()).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account before logging in.')).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The link from the mail: verified, then on to /login by itself after 3 seconds.
  const link = await latestMailLink(email, 'verifyEmail', { since });
  expect(link).toMatch(/^http:\/\/localhost:\d+\/__\/auth\/action\?mode=verifyEmail&oobCode=/);
  await page.goto(link);
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/__\/auth\/action\?mode=verifyEmail&oobCode=/);
  await expect(page).toHaveURL('/login', { timeout: 6_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Welcome back, ${username}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Regiment' }).first()).toBeVisible();
  await logOutThroughUi(page, username);

  // The same link opened again still counts as verified.
  await page.goto(link);
  await expect(page.getByText('Email Verified')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('a wrong password is refused; the right one signs in', async ({ page, createUser }) => {
  const username = uniqueName('Picket');
  // A verified account, signed out: registering through the screens is the test above.
  const { email, password } = await createUser(username);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByText('Login Failed').first()).toBeVisible();

  await logInThroughUi(page, email, password);
  await expect(page.getByText(`Welcome back, ${username}`)).toBeVisible();
  await logOutThroughUi(page, username);
});

test('a verification link that does not work says so', async ({ page }) => {
  await page.goto('/__/auth/action?mode=verifyEmail&oobCode=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Failed to verify your email. The link may have expired or already been used.')).toBeVisible();

  await page.goto('/verify-email?mode=verifyEmail');
  await expect(page.getByText('No verification code found in the URL')).toBeVisible();

  await page.goto('/verify-email?mode=resetPassword&oobCode=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('This link is not for email verification (mode: resetPassword)')).toBeVisible();
});

test('registration shows the validation messages of the spec', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});
