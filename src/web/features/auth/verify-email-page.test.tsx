import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFIED_REDIRECT_DELAY_MS } from '#core/constants';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { createQueryClient } from '#web/app/query-client';
import { routes } from '#web/app/routes';
import { mockApi, renderRoute, reply } from '#web/test/render';

afterEach(() => {
  vi.useRealTimers();
});

const verified = { success: true, message: 'Your email has been verified. You can now log in.' };
const verifyCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.url.startsWith('/api/auth/verify-email/'));

describe('/verify-email', () => {
  it('shows loading, then verified with a Go to Login button', async () => {
    let answer: ((value: unknown) => void) | undefined;
    const api = mockApi({ '/api/auth/verify-email/abc123': () => new Promise((resolve) => (answer = resolve)) });
    renderRoute('/verify-email?mode=verifyEmail&oobCode=abc123&apiKey=ignored');

    expect(await screen.findByText('Verifying your email…')).toBeInTheDocument();
    expect(document.title).toBe('Verify Email · WoR Officer Ratings');
    // The code is checked once the identity provider is known.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(verified);

    expect(await screen.findByText(verifyEmailMessages.verifiedTitle)).toBeInTheDocument();
    expect(screen.getByText(verified.message)).toBeInTheDocument();
    expect(screen.getByText('You will be taken to the login page in 3 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: verifyEmailMessages.goToLogin })).toHaveAttribute('href', '/login');
    expect(verifyCalls(api)).toEqual([{ method: 'GET', url: '/api/auth/verify-email/abc123', body: undefined }]);
  });

  it('goes to /login 3 seconds after the email is verified', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/auth/verify-email/abc123': verified });
    const { router } = renderRoute('/verify-email?oobCode=abc123');
    await screen.findByText(verifyEmailMessages.verifiedTitle);

    await act(async () => vi.advanceTimersByTime(VERIFIED_REDIRECT_DELAY_MS - 1000));
    expect(router.state.location.pathname).toBe('/verify-email');
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(VERIFIED_REDIRECT_DELAY_MS).toBe(3000);
  });

  it('takes the code from actionCode and accepts the mode action', async () => {
    const api = mockApi({ '/api/auth/verify-email/xyz789': verified });
    renderRoute('/verify-email?mode=action&actionCode=xyz789');
    expect(await screen.findByText(verifyEmailMessages.verifiedTitle)).toBeInTheDocument();
    expect(verifyCalls(api)).toHaveLength(1);
  });

  it('counts an already used link as verified: the server says so', async () => {
    mockApi({ '/api/auth/verify-email/abc123': { success: true, message: 'Your email is already verified. You can log in.' } });
    renderRoute('/verify-email?oobCode=abc123');
    expect(await screen.findByText('Your email is already verified. You can log in.')).toBeInTheDocument();
  });

  it('says when the URL has no code, and asks nothing', async () => {
    const api = mockApi({});
    renderRoute('/verify-email?mode=verifyEmail');
    expect(await screen.findByText(verifyEmailMessages.noCode)).toBeInTheDocument();
    expect(screen.getByText(verifyEmailMessages.failedTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: verifyEmailMessages.goToLogin })).toBeInTheDocument();
    expect(verifyCalls(api)).toEqual([]);
  });

  it('refuses a link of another mode, and asks nothing', async () => {
    const api = mockApi({});
    renderRoute('/verify-email?mode=resetPassword&oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.wrongMode('resetPassword'))).toBeInTheDocument();
    expect(screen.getByText(/^This link is not for email verification \(mode: resetPassword\)/)).toBeInTheDocument();
    expect(verifyCalls(api)).toEqual([]);
  });

  it('says the link expired or was used when the server refuses it, and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      '/api/auth/verify-email/abc123': reply(400, { success: false, message: 'refused', code: 'BAD_REQUEST' }),
    });
    const { router } = renderRoute('/verify-email?oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.failed)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(VERIFIED_REDIRECT_DELAY_MS * 2));
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('says an error occurred when the server fails', async () => {
    mockApi({ '/api/auth/verify-email/abc123': reply(500, { message: 'Something went wrong', code: 'INTERNAL' }) });
    renderRoute('/verify-email?oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.error)).toBeInTheDocument();
  });

  it('says an error occurred when the network fails', async () => {
    mockApi({
      '/api/auth/verify-email/abc123': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute('/verify-email?oobCode=abc123');
    expect(await screen.findByText(verifyEmailMessages.error)).toBeInTheDocument();
  });

  it('asks the server once under StrictMode', async () => {
    const api = mockApi({ '/api/auth/verify-email/abc123': verified });
    const router = createMemoryRouter(routes, { initialEntries: ['/verify-email?oobCode=abc123'] });
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByText(verifyEmailMessages.verifiedTitle)).toBeInTheDocument();
    expect(verifyCalls(api)).toHaveLength(1);
  });
});
