import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { mockApi, renderRoute, reply } from '#web/test/render';

const LINK = '/reset-password?mode=resetPassword&oobCode=abc123';
const account = { '/api/auth/reset-password/abc123': { email: 'kilrain@example.com' } };
const done = { success: true, message: 'Your password has been reset. You can now log in with your new password.' };
const linkChecks = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/auth/reset-password/'));

async function submitPasswords(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

function expectReturnToLogin() {
  expect(screen.getByRole('link', { name: resetPasswordMessages.returnToLogin })).toHaveAttribute('href', '/login');
}

describe('/reset-password', () => {
  it('checks the link, then shows the form with the account email', async () => {
    let answer: ((value: unknown) => void) | undefined;
    mockApi({ '/api/auth/reset-password/abc123': () => new Promise((resolve) => (answer = resolve)) });
    renderRoute(LINK);

    expect(await screen.findByText('Verifying your reset link…')).toBeInTheDocument();
    expectReturnToLogin();
    // The screen says it is verifying from its first render; the check itself may start a tick later.
    await waitFor(() => expect(answer).toBeDefined());
    answer!({ email: 'kilrain@example.com' });

    expect(await screen.findByText('kilrain@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(document.title).toBe('Reset Password · WoR Officer Ratings');
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expectReturnToLogin();
  });

  it('applies the reset rule and the confirmation, sending nothing', async () => {
    const api = mockApi(account);
    renderRoute(LINK);
    const user = await submitPasswords('alllowercase1', 'alllowercase1');
    expect(await screen.findByText(resetPasswordMessages.rule)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Short1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(resetPasswordMessages.rule)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Bayonets-1863');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.queryByText(resetPasswordMessages.rule)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sets the new password and shows success', async () => {
    const api = mockApi({ ...account, 'POST /api/auth/reset-password': done });
    renderRoute(LINK);
    await submitPasswords('Bayonets-1863', 'Bayonets-1863');

    expect(await screen.findByText(resetPasswordMessages.successTitle)).toBeInTheDocument();
    expect(screen.getByText(done.message)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expectReturnToLogin();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/auth/reset-password')?.body).toEqual({
      code: 'abc123',
      password: 'Bayonets-1863',
    });
    // The sessions ended: who we are is asked again, but the used link is not checked again.
    await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/auth/status').length).toBeGreaterThan(1));
    expect(linkChecks(api)).toHaveLength(1);
  });

  it('says so when the URL has no code, and asks nothing', async () => {
    const api = mockApi({});
    renderRoute('/reset-password?mode=resetPassword');
    expect(await screen.findByText(resetPasswordMessages.missingCode)).toBeInTheDocument();
    expectReturnToLogin();
    expect(linkChecks(api)).toEqual([]);
  });

  it('refuses a link that is not for password reset', async () => {
    const api = mockApi({});
    renderRoute('/reset-password?mode=verifyEmail&oobCode=abc123');
    expect(await screen.findByText(/^This link is not for password reset/)).toBeInTheDocument();
    expect(linkChecks(api)).toEqual([]);
  });

  it('says the link is invalid or expired when the server refuses it', async () => {
    mockApi({ '/api/auth/reset-password/abc123': reply(400, { message: resetPasswordMessages.invalidLink, code: 'BAD_REQUEST' }) });
    renderRoute(LINK);
    expect(await screen.findByText(resetPasswordMessages.invalidLink)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expectReturnToLogin();
  });

  it('says the reset failed when the link cannot be checked', async () => {
    mockApi({ '/api/auth/reset-password/abc123': reply(500, { message: 'Something went wrong', code: 'INTERNAL' }) });
    renderRoute(LINK);
    expect(await screen.findByText(resetPasswordMessages.failed)).toBeInTheDocument();
  });

  it('drops the form when the link died meanwhile', async () => {
    mockApi({
      ...account,
      'POST /api/auth/reset-password': reply(400, { message: resetPasswordMessages.invalidLink, code: 'BAD_REQUEST' }),
    });
    renderRoute(LINK);
    await submitPasswords('Bayonets-1863', 'Bayonets-1863');
    expect(await screen.findByText(resetPasswordMessages.invalidLink)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("keeps the form after a failure worth retrying: 'Failed to reset password.'", async () => {
    let attempts = 0;
    mockApi({
      ...account,
      'POST /api/auth/reset-password': () => {
        attempts += 1;
        return attempts === 1 ? reply(500, { message: 'Something went wrong', code: 'INTERNAL' }) : done;
      },
    });
    renderRoute(LINK);
    const user = await submitPasswords('Bayonets-1863', 'Bayonets-1863');
    expect(await screen.findByText(resetPasswordMessages.failed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(resetPasswordMessages.successTitle)).toBeInTheDocument();
    expect(screen.queryByText(resetPasswordMessages.failed)).not.toBeInTheDocument();
  });
});
