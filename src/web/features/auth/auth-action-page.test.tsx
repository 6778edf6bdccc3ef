import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { mockApi, renderRoute } from '#web/test/render';

const verified = { success: true, message: 'Your email has been verified. You can now log in.' };

/** /__/auth/action: the mailed links land here; mode picks the screen (spec section 2). */
describe('/__/auth/action', () => {
  it('shows the reset screen for mode resetPassword, keeping the query', async () => {
    const api = mockApi({ '/api/auth/reset-password/abc123': { email: 'kilrain@example.com' } });
    const { router } = renderRoute('/__/auth/action?mode=resetPassword&oobCode=abc123&apiKey=k');
    expect(await screen.findByText('kilrain@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/__/auth/action');
    expect(router.state.location.search).toBe('?mode=resetPassword&oobCode=abc123&apiKey=k');
    expect(api.calls.some((c) => c.url.startsWith('/api/auth/verify-email'))).toBe(false);
  });

  it.each(['verifyEmail', 'action'])('shows the verification screen for mode %s', async (mode) => {
    const api = mockApi({ '/api/auth/verify-email/abc123': verified });
    const { router } = renderRoute(`/__/auth/action?mode=${mode}&oobCode=abc123`);
    expect(await screen.findByText(verifyEmailMessages.verifiedTitle)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?mode=${mode}&oobCode=abc123`);
    expect(api.calls.some((c) => c.url.startsWith('/api/auth/reset-password'))).toBe(false);
  });

  it('shows the verification screen for a link without a mode', async () => {
    mockApi({ '/api/auth/verify-email/abc123': verified });
    renderRoute('/__/auth/action?oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.verifiedTitle)).toBeInTheDocument();
  });

  it('shows the verification screen for any other mode, which refuses it', async () => {
    const api = mockApi({});
    renderRoute('/__/auth/action?mode=recoverEmail&oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.wrongMode('recoverEmail'))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/auth/verify-email'))).toEqual([]);
  });
});
