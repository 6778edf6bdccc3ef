import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, AuthUser } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { yourDataMessages } from '#core/messages/your-data';
import { mockApi, renderRoute, reply } from '#web/test/render';

const soldier: AuthUser = { id: 7, username: 'kilrain', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const homeData = { '/api/sides': [], '/api/regiments': [], '/api/officers/top': [], '/api/reviews/recent': [] };

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('/login', () => {
  it('shows the form with links to password recovery and registration', async () => {
    mockApi({});
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Login · WoR Officer Ratings');
  });

  it('explains invalid fields and sends nothing', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('signs in and goes home', async () => {
    let signedIn = false;
    const api = mockApi({
      ...homeData,
      '/api/auth/status': (): AuthStatus => (signedIn ? { authenticated: true, user: soldier } : { authenticated: false, user: null }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { user: soldier };
      },
    });
    const { router } = renderRoute('/login');
    await fillAndSubmit('Kilrain@Example.com', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, kilrain' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/auth/login')?.body).toEqual({
      email: 'kilrain@example.com',
      password: 'correct horse',
    });
  });

  it('sends an account waiting to be deleted (issue 35) to /settings, not where it was going', async () => {
    const leaving: AuthUser = { ...soldier, deleteAfter: '2025-04-01T12:00:00.000Z' };
    let signedIn = false;
    mockApi({
      ...homeData,
      '/api/auth/status': (): AuthStatus => (signedIn ? { authenticated: true, user: leaving } : { authenticated: false, user: null }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { user: leaving };
      },
    });
    const { router } = renderRoute('/login?next=%2Fmy-reviews');
    await fillAndSubmit('kilrain@example.com', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 2, name: yourDataMessages.pendingTitle })).toBeInTheDocument();
  });

  it("shows 'Login Failed' with the server's message on a 401", async () => {
    mockApi({ 'POST /api/auth/login': reply(401, { message: 'Invalid email or password', code: 'UNAUTHENTICATED' }) });
    const { router } = renderRoute('/login');
    await fillAndSubmit('kilrain@example.com', 'wrong');

    expect(await screen.findByText(authMessages.loginFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to the spec's text when a 401 carries no message", async () => {
    mockApi({ 'POST /api/auth/login': reply(401, { message: '', code: 'UNAUTHENTICATED' }) });
    renderRoute('/login');
    await fillAndSubmit('kilrain@example.com', 'wrong');
    expect(await screen.findByText(authMessages.invalidEmailOrPassword)).toBeInTheDocument();
  });

  it("shows 'Login Error' for other failures", async () => {
    mockApi({ 'POST /api/auth/login': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/login');
    await fillAndSubmit('kilrain@example.com', 'whatever');
    expect(await screen.findByText(authMessages.loginErrorTitle)).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
  });

  it('asks an unverified user to verify, and resends the email on request', async () => {
    const api = mockApi({
      'POST /api/auth/login': reply(403, { message: authMessages.verifyEmailBeforeLogin, code: 'FORBIDDEN', needsVerification: true }),
      'POST /api/auth/request-verification': { message: 'Verification email sent.' },
    });
    renderRoute('/login');
    const user = await fillAndSubmit('kilrain@example.com', 'correct horse');

    // Radix renders each toast as a list item; the notice on the screen is outside the toast list.
    const inToast = (el: HTMLElement) => el.closest('li') !== null;
    const texts = await screen.findAllByText(authMessages.verifyEmailBeforeLogin);
    expect(texts.filter((el) => !inToast(el))).toHaveLength(1);
    // The toast area loads with the first toast.
    await waitFor(() => expect(screen.getAllByText(authMessages.verificationRequiredTitle).filter(inToast)).toHaveLength(1));
    // The toast says a new link is on its way: the server mails one with its refusal.
    expect(screen.getAllByText(authMessages.unverifiedNewEmailSent).filter(inToast)).toHaveLength(1);
    const toastAction = screen.getAllByRole('button', { name: authMessages.resendEmail }).find(inToast);
    expect(toastAction).toBeDefined();

    await user.click(toastAction!);
    expect(await screen.findByText('Verification email sent.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/auth/request-verification')).toMatchObject({
      method: 'POST',
      body: { email: 'kilrain@example.com' },
    });
  });

  it('says so when the verification email cannot be resent', async () => {
    mockApi({
      'POST /api/auth/login': reply(403, { message: authMessages.verifyEmailBeforeLogin, code: 'FORBIDDEN', needsVerification: true }),
      'POST /api/auth/request-verification': reply(503, { message: 'Mail is down', code: 'UNAVAILABLE' }),
    });
    renderRoute('/login');
    const user = await fillAndSubmit('kilrain@example.com', 'correct horse');
    // The notice on the screen (not the toast) has its own 'Resend Email' button.
    const notice = (await screen.findAllByText(authMessages.verifyEmailBeforeLogin)).find((el) => el.closest('li') === null)!;
    await user.click(within(notice.parentElement!).getByRole('button', { name: authMessages.resendEmail }));
    expect(await screen.findByText(authMessages.resendVerificationFailed)).toBeInTheDocument();
  });

  it('sends a signed-in visitor home', async () => {
    mockApi({ ...homeData, '/api/auth/status': { authenticated: true, user: soldier } });
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
