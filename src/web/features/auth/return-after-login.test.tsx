/**
 * The `next` return path (issue 13): a reader sent to log in from a page that needs an account comes
 * back to it after signing in; without `next` (or with one that is not a path on this site) login
 * still goes to / (spec section 2).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { sessionMessages } from '#core/messages/session';
import { officerMessages } from '#core/messages/officer';
import { reviewsMessages } from '#core/messages/reviews';
import { SIGNED_OUT, findToast, homeApi, makeOfficerDetail, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';

const soldier = signedInStatus({ id: 7, username: 'kilrain' });

/** A server where POST /api/auth/login signs in; the auth status follows. */
function mockSignIn(extra: Record<string, unknown> = {}) {
  let status: AuthStatus = SIGNED_OUT;
  return mockApi({
    ...homeApi(),
    '/api/auth/status': () => status,
    'POST /api/auth/login': () => {
      status = soldier;
      return { user: soldier.user };
    },
    'POST /api/auth/register': { user: soldier.user, needsVerification: true, message: authMessages.registrationSuccess },
    '/api/officers/7': makeOfficerDetail(),
    '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
    '/api/reviews/my': [],
    ...extra,
  });
}

async function logIn() {
  const user = userEvent.setup();
  // The login screen itself, not the page before it still on screen while the route's code loads.
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  await user.type(screen.getByLabelText('Email'), 'kilrain@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('/login?next=', () => {
  it('returns to the officer after signing in', async () => {
    mockSignIn();
    const { router } = renderRoute('/login?next=%2Fofficer%2F7');
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
    // Replaced: Back from the officer does not return to the login form.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the query of the return path', async () => {
    mockSignIn({ '/api/officers/search': [] });
    const { router } = renderRoute(`/login?next=${encodeURIComponent('/search?q=hancock')}`);
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=hancock');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash address', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path that normalizes to //host', '/..//evil.example'],
  ])('ignores %s and goes home, as without next', async (_label, next) => {
    mockSignIn();
    const { router } = renderRoute(`/login?next=${encodeURIComponent(next)}`);
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, kilrain' })).toBeInTheDocument();
  });

  it('sends someone already signed in straight to the return path', async () => {
    mockSignIn({ '/api/auth/status': soldier });
    const { router } = renderRoute('/login?next=%2Fofficer%2F7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
  });

  it('carries next to /register, and registration carries it back to /login', async () => {
    mockSignIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/login?next=%2Fofficer%2F7');

    const register = await screen.findByRole('link', { name: 'Create an account' });
    expect(register).toHaveAttribute('href', '/register?next=%2Fofficer%2F7');
    await user.click(register);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fofficer%2F7');

    await user.type(screen.getByLabelText('Username'), 'kilrain');
    await user.type(screen.getByLabelText('Email'), 'kilrain@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    // Verification comes first (spec section 2); the login after it still returns to the officer.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fofficer%2F7');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
  });
});

describe('from the officer page', () => {
  it("'Login to write a review' signs in and comes back to the officer, now offered 'Connect Steam to Review'", async () => {
    mockSignIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7');

    await user.click(await screen.findByRole('link', { name: officerMessages.loginToReview }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
    expect(await screen.findByRole('link', { name: officerMessages.connectSteam })).toBeInTheDocument();
  });
});

describe("the 'Authentication Required' redirects offer a login back to the page", () => {
  it.each([
    ['/my-reviews', 'You must be logged in to view your reviews.'],
    ['/create-review/7', 'You must be logged in to write a review.'],
    ['/my-stats', 'You must be logged in to see your game statistics.'],
    ['/register-regiment', 'You need to login with Steam to register a regiment.'],
    ['/register-officer', 'You need to login with Steam to register as an officer.'],
  ])('%s: home with the toast (spec), whose Login returns there', async (page, description) => {
    mockSignIn();
    const user = userEvent.setup();
    const { router } = renderRoute(page);

    const toast = await findToast(sessionMessages.authenticationRequiredTitle);
    expect(toast).toHaveTextContent(description);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    await user.click(within(toast).getByRole('button', { name: sessionMessages.loginAction }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(page)}`);
  });

  it('the whole way: /my-reviews, Login in the toast, sign in, back on My Reviews', async () => {
    mockSignIn();
    const user = userEvent.setup();
    const { router } = renderRoute('/my-reviews');

    const toast = await findToast(sessionMessages.authenticationRequiredTitle);
    await user.click(within(toast).getByRole('button', { name: sessionMessages.loginAction }));
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reviews'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Reviews' })).toBeInTheDocument();
  });

  it("'Steam Required' offers no login: the reader is signed in already", async () => {
    mockSignIn({ '/api/auth/status': soldier });
    renderRoute('/create-review/7');
    const toast = await findToast(reviewsMessages.steamRequiredTitle);
    expect(within(toast).queryByRole('button', { name: sessionMessages.loginAction })).not.toBeInTheDocument();
  });
});
