import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, AuthUser } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { mockApi, renderRoute, reply } from '#web/test/render';

const newcomer: AuthUser = { id: 9, username: 'buster', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const homeData = { '/api/sides': [], '/api/regiments': [], '/api/officers/top': [], '/api/reviews/recent': [] };

async function fillForm(values: { username?: string; email?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1 });
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

const valid = { username: 'buster', email: 'buster@example.com', password: 'long enough', confirm: 'long enough' };

describe('/register', () => {
  it('shows the spec messages for invalid fields and sends nothing', async () => {
    const api = mockApi({});
    renderRoute('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an Account' })).toBeInTheDocument();
    expect(document.title).toBe('Register · WoR Officer Ratings');
    await fillForm({ username: 'ab', email: 'nope', password: 'short', confirm: 'different' });

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("says 'Passwords do not match' on the confirmation field", async () => {
    mockApi({});
    renderRoute('/register');
    await fillForm({ ...valid, confirm: 'not the same' });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('explains a taken username in the words of the spec', async () => {
    mockApi({ 'POST /api/auth/register': reply(409, { message: 'Username is already taken', code: 'CONFLICT' }) });
    const { router } = renderRoute('/register');
    await fillForm(valid);
    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('explains an email that is already registered', async () => {
    mockApi({ 'POST /api/auth/register': reply(409, { message: 'Email is already in use', code: 'CONFLICT' }) });
    renderRoute('/register');
    await fillForm(valid);
    expect(await screen.findByText(authMessages.emailRegistered)).toBeInTheDocument();
  });

  it('signs the new user in and goes home', async () => {
    let registered = false;
    const api = mockApi({
      ...homeData,
      '/api/auth/status': (): AuthStatus => (registered ? { authenticated: true, user: newcomer } : { authenticated: false, user: null }),
      'POST /api/auth/register': () => {
        registered = true;
        return reply(201, { user: newcomer, needsVerification: false, message: 'Registration successful' });
      },
    });
    const { router } = renderRoute('/register');
    await fillForm(valid);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, buster' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === '/api/auth/register')?.body).toEqual({
      username: 'buster',
      email: 'buster@example.com',
      password: 'long enough',
    });
  });

  it('sends the user to /login when the email must be verified first', async () => {
    mockApi({
      'POST /api/auth/register': reply(201, { user: newcomer, needsVerification: true, message: 'Check your email' }),
    });
    const { router } = renderRoute('/register');
    await fillForm(valid);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(authMessages.registrationSuccess)).toBeInTheDocument();
  });

  it('completes a third-party sign-in: email prefilled, username suggested', async () => {
    mockApi({});
    renderRoute('/register?email=john.buford%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Registration' })).toBeInTheDocument();
    expect(screen.getByText(/signed in with a third-party account/i)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('john.buford@example.com');
    expect(screen.getByLabelText('Username')).toHaveValue('john.buford');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeInTheDocument();
  });
});
