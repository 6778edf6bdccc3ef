import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authMessages } from '#core/messages/auth';
import { forgotPasswordMessages } from '#core/messages/forgot-password';
import { mockApi, renderRoute, reply } from '#web/test/render';

async function requestReset(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

describe('/forgot-password', () => {
  it('is reached from the login screen', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(document.title).toBe('Forgot Password · WoR Officer Ratings');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('checks the email before sending anything', async () => {
    const api = mockApi({});
    renderRoute('/forgot-password');
    await requestReset('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("sends the request and shows 'Email Sent'", async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': { success: true, message: 'If an account exists for that email, a password reset link has been sent.' },
    });
    renderRoute('/forgot-password');
    await requestReset('  Kilrain@Example.com ');

    expect(await screen.findByText(forgotPasswordMessages.sentTitle)).toBeInTheDocument();
    expect(screen.getByText(forgotPasswordMessages.sent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/auth/forgot-password')).toMatchObject({
      method: 'POST',
      body: { email: 'kilrain@example.com' },
    });
  });

  it('explains an email the server refuses', async () => {
    mockApi({ 'POST /api/auth/forgot-password': reply(400, { message: 'body/email: Invalid email address', code: 'BAD_REQUEST' }) });
    renderRoute('/forgot-password');
    await requestReset('kilrain@example.com');
    expect(await screen.findByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it("shows the rate limit's message", async () => {
    mockApi({
      'POST /api/auth/forgot-password': reply(429, { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' }),
    });
    renderRoute('/forgot-password');
    await requestReset('kilrain@example.com');
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();
    expect(screen.queryByText(forgotPasswordMessages.sentTitle)).not.toBeInTheDocument();
  });
});
