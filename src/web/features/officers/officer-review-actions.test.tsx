import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#core/messages/account';
import { sessionMessages } from '#core/messages/session';
import { officerMessages } from '#core/messages/officer';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { reviewFormMessages } from '#core/messages/review-form';
import { reviewReplyMessages } from '#core/messages/review-reply';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { signedInStatus } from '#web/test/fixtures';
import { officer, review, signedIn } from './officer-fixtures';

/** Review 1 is by someone else (score 5); review 2 is by the signed-in user 1. */
const reviews = [review(1, { score: 5 }), review(2, { userId: 1, score: 2 })];

function officerPageApi(handlers: Record<string, ApiHandler> = {}) {
  return mockApi({
    '/api/officers/7': officer(),
    '/api/reviews/officer/7': { reviews, totalCount: reviews.length, nextCursor: null },
    '/api/reviews/my': [],
    ...handlers,
  });
}

/** The card of review `id`, once the list shows it. */
async function findCard(id: number) {
  const text = await screen.findByText(`Review number ${id} of this officer.`);
  return text.closest('article')!;
}

function votes(card: HTMLElement) {
  const group = within(card).getByRole('group', { name: 'Votes' });
  return {
    up: within(group).getByRole('button', { name: 'Upvote' }),
    down: within(group).getByRole('button', { name: 'Downvote' }),
    score: within(group).getByRole('status', { name: 'Net helpful votes' }),
  };
}

/** A POST handler that answers only when the test says so. */
function deferredAnswer() {
  let answer: ((result: unknown) => void) | undefined;
  const handler = () => new Promise((resolve) => (answer = resolve));
  return {
    handler,
    // The screen moves at once (optimistic); the request itself may go out later (CSRF token first).
    answer: async (result: unknown) => {
      await waitFor(() => expect(answer).toBeDefined());
      answer!(result);
    },
  };
}

describe('votes on the reviews of an officer page', () => {
  it('votes up, then takes the vote back by pressing up again', async () => {
    const api = officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/vote': ({ body }: { body: unknown }) => {
        const { value } = body as { value: number };
        return { value, score: 5 + value };
      },
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(votes(card).up).toBeEnabled());
    expect(votes(card).up).toHaveAttribute('aria-pressed', 'false');
    expect(votes(card).score).toHaveTextContent('5');

    await user.click(votes(card).up);
    await waitFor(() => expect(votes(card).score).toHaveTextContent('6'));
    expect(votes(card).up).toHaveAttribute('aria-pressed', 'true');
    // The card's own score line follows the same cache.
    expect(within(card).getByText('Net helpful votes:').nextElementSibling).toHaveTextContent('6');

    await user.click(votes(card).up);
    await waitFor(() => expect(votes(card).score).toHaveTextContent('5'));
    expect(votes(card).up).toHaveAttribute('aria-pressed', 'false');

    const posts = api.calls.filter((call) => call.method === 'POST' && call.url === '/api/reviews/1/vote');
    expect(posts.map((call) => call.body)).toEqual([{ value: 1 }, { value: 0 }]);
    // Only the vote changed: the review list was not asked again.
    expect(api.calls.filter((call) => call.url.startsWith('/api/reviews/officer/7'))).toHaveLength(1);
  });

  it('turns an up vote into a down vote, moving the score at once', async () => {
    const post = deferredAnswer();
    const api = officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 1, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/vote': post.handler,
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(votes(card).up).toHaveAttribute('aria-pressed', 'true'));

    await user.click(votes(card).down);
    // Optimistic: the up vote (1) became a down vote (-1) before the server answered.
    await waitFor(() => expect(votes(card).score).toHaveTextContent('3'));
    expect(votes(card).down).toHaveAttribute('aria-pressed', 'true');
    expect(votes(card).up).toHaveAttribute('aria-pressed', 'false');

    await post.answer({ value: -1, score: 2 });
    // The server's score wins (someone else voted meanwhile).
    await waitFor(() => expect(votes(card).score).toHaveTextContent('2'));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ value: -1 }]);
  });

  it('puts the score and the vote back and says so when the vote fails', async () => {
    const post = deferredAnswer();
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/vote': post.handler,
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(votes(card).up).toBeEnabled());
    await user.click(votes(card).up);
    await waitFor(() => expect(votes(card).score).toHaveTextContent('6'));

    await post.answer(reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }));
    expect(await screen.findByText(reviewActionsMessages.voteFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(reviewActionsMessages.voteFailed)).toBeInTheDocument();
    expect(votes(card).score).toHaveTextContent('5');
    expect(votes(card).up).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    [403, 'You cannot vote on your own review.'],
    [429, 'Too many votes. Please wait a moment.'],
  ])('shows the server message when the vote is refused with %i', async (status, message) => {
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/vote': reply(status, { message, code: 'REFUSED' }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(votes(card).up).toBeEnabled());
    await user.click(votes(card).down);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(reviewActionsMessages.voteFailedTitle)).toBeInTheDocument();
    expect(votes(card).score).toHaveTextContent('5');
  });

  it('tells a visitor to log in and sends nothing', async () => {
    const api = officerPageApi();
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    const { up, down } = votes(card);
    // Disabled in look and for assistive technology, yet clickable to explain why.
    expect(up).toHaveAttribute('aria-disabled', 'true');
    expect(up).toBeEnabled();

    await user.click(down);
    expect(await screen.findByText(reviewActionsMessages.loginToVote)).toBeInTheDocument();
    expect(screen.getByText(sessionMessages.authenticationRequiredTitle)).toBeInTheDocument();
    await user.click(up);
    expect(api.calls.filter((call) => call.url.includes('/vote'))).toEqual([]);
  });

  it("disables the votes on the user's own review and never asks for their vote on it", async () => {
    const api = officerPageApi({ '/api/auth/status': signedIn(), '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false } });
    renderRoute('/officer/7');

    const card = await findCard(2);
    const { up, down, score } = votes(card);
    for (const button of [up, down]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', reviewActionsMessages.ownReviewVote);
    }
    expect(score).toHaveTextContent('2');
    await waitFor(() => expect(votes(screen.getByText('Review number 1 of this officer.').closest('article')!).up).toBeEnabled());
    expect(api.calls.some((call) => call.url === '/api/reviews/2/vote')).toBe(false);
  });
});

describe("the officer's own account on his page (issue 32)", () => {
  it('disables the votes on every review of him and says why; he may still flag one', async () => {
    const api = officerPageApi({
      '/api/auth/status': signedInStatus({ isOfficer: true, officerId: 7 }),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    const { up, down } = votes(card);
    for (const button of [up, down]) {
      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAttribute('title', reviewActionsMessages.ownOfficerVote);
      expect(button).toHaveAccessibleDescription(reviewActionsMessages.ownOfficerVote);
      await user.click(button);
    }
    await waitFor(() => expect(within(card).getByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled());
    expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/vote'))).toBe(false);
  });
});

describe('flagging a review on an officer page', () => {
  it('validates the reason, sends it, and thanks the user', async () => {
    const api = officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/flag': reply(201, { success: true, message: 'An admin will review this flag soon.', flagId: 3 }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await user.click(within(card).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: reviewActionsMessages.flagDialogTitle });
    const reason = await within(dialog).findByLabelText('Reason');
    // Issue 36: the keyboard starts on the reason, not on Close.
    await waitFor(() => expect(reason).toHaveFocus());

    await user.type(reason, 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(reviewFormMessages.flagReasonMin)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.url.endsWith('/flag'))).toBe(false);

    await user.type(reason, ' and insulting to the whole regiment.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(reviewActionsMessages.flaggedTitle)).toBeInTheDocument();
    expect(screen.getByText(reviewActionsMessages.flagged)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const flags = api.calls.filter((call) => call.method === 'POST' && call.url === '/api/reviews/1/flag');
    expect(flags.map((call) => call.body)).toEqual([{ reason: 'Rude and insulting to the whole regiment.' }]);
  });

  it("shows the server's message when the flag is refused", async () => {
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/flag': reply(409, {
        message: 'You have already flagged this review. An admin will look at it soon.',
        code: 'CONFLICT',
      }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await user.click(within(card).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Reason'), 'Spam about another game entirely.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(reviewActionsMessages.flagFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('You have already flagged this review. An admin will look at it soon.')).toBeInTheDocument();
    // The dialog stays open so the user can cancel or try again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('tells a visitor to log in instead of opening the dialog', async () => {
    const api = officerPageApi();
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await user.click(within(card).getByRole('button', { name: 'Flag' }));

    expect(await screen.findByText(reviewActionsMessages.loginToFlag)).toBeInTheDocument();
    expect(screen.getByText(sessionMessages.authenticationRequiredTitle)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url.endsWith('/flag'))).toBe(false);
  });

  it("offers no flag on the user's own review", async () => {
    officerPageApi({ '/api/auth/status': signedIn(), '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false } });
    renderRoute('/officer/7');

    const own = await findCard(2);
    await waitFor(() => expect(within(own).getByRole('button', { name: 'Upvote' })).toBeDisabled());
    expect(within(own).queryByRole('button', { name: 'Flag' })).not.toBeInTheDocument();
    expect(within(await findCard(1)).getByRole('button', { name: 'Flag' })).toBeInTheDocument();
  });
});

describe('a flag on the reply and a flag on the review (issue 32)', () => {
  const answered = review(1, {
    reply: { text: 'We play on the EU server; join us on Sunday.', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' },
  });

  it("shows 'Flagged' on the reply alone when only the reply's flag is open, and flags the review apart", async () => {
    const api = officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/officer/7': { reviews: [answered], totalCount: 1, nextCursor: null },
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: true },
    });
    renderRoute('/officer/7');

    const card = await findCard(1);
    const replyFlagged = await within(card).findByRole('button', { name: reviewReplyMessages.replyFlaggedTitle });
    expect(replyFlagged).toHaveAttribute('aria-disabled', 'true');
    expect(within(card).queryByRole('button', { name: reviewReplyMessages.flagReplyDialogTitle })).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled());
    expect(within(card).queryByRole('button', { name: reviewActionsMessages.flaggedButton })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === '/api/reviews/1/vote')).toHaveLength(1);
  });

  it("turns the reply's Flag into 'Flagged' once sent, leaving the review's Flag as it was; a second flag is named as the reply's", async () => {
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/officer/7': { reviews: [answered], totalCount: 1, nextCursor: null },
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/reply/flag': reply(409, { message: reviewReplyMessages.duplicateReplyFlag, code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    const flagReply = await within(card).findByRole('button', { name: reviewReplyMessages.flagReplyDialogTitle });
    await waitFor(() => expect(flagReply).toBeEnabled());
    await user.click(flagReply);
    const dialog = await screen.findByRole('dialog', { name: reviewReplyMessages.flagReplyDialogTitle });
    await user.type(await within(dialog).findByLabelText('Reason'), 'Names a player who is not in the review.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(reviewReplyMessages.flagReplyFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(reviewReplyMessages.duplicateReplyFlag)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: reviewReplyMessages.replyFlaggedTitle })).toHaveAttribute('aria-disabled', 'true');
    expect(within(card).getByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled();
  });
});

describe('a flag the user already made', () => {
  it("shows 'Flagged', disabled, for a review whose flag by this user is open; 'Flag' for the others", async () => {
    const api = officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/officer/7': { reviews: [review(1), review(3)], totalCount: 2, nextCursor: null },
      '/api/reviews/1/vote': { value: 1, flagged: true, replyFlagged: false },
      '/api/reviews/3/vote': { value: 0, flagged: false, replyFlagged: false },
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const flaggedCard = await findCard(1);
    const flagged = await within(flaggedCard).findByRole('button', { name: reviewActionsMessages.flaggedButton });
    expect(flagged).toHaveAttribute('aria-disabled', 'true');
    expect(within(flaggedCard).queryByRole('button', { name: reviewActionsMessages.flag })).not.toBeInTheDocument();
    // The vote from the same answer still shows.
    expect(votes(flaggedCard).up).toHaveAttribute('aria-pressed', 'true');

    // Nothing to do: no dialog, no second flag to be refused after typing a reason.
    await user.click(flagged);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(await findCard(3)).findByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled();
    expect(api.calls.some((call) => call.url.endsWith('/flag'))).toBe(false);
    // One per-user answer per review: votes and flag share it.
    expect(api.calls.filter((call) => call.url === '/api/reviews/1/vote')).toHaveLength(1);
  });

  it("turns 'Flag' into 'Flagged' as soon as the flag is sent, keeping the thanks and the focus", async () => {
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/flag': reply(201, { success: true, message: 'An admin will review this flag soon.', flagId: 3 }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(within(card).getByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled());
    await user.click(within(card).getByRole('button', { name: reviewActionsMessages.flag }));
    const dialog = await screen.findByRole('dialog', { name: reviewActionsMessages.flagDialogTitle });
    await user.type(await within(dialog).findByLabelText('Reason'), 'Insults a whole regiment by name.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(reviewActionsMessages.flaggedTitle)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const flagged = within(card).getByRole('button', { name: reviewActionsMessages.flaggedButton });
    expect(flagged).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(flagged).toHaveFocus());
  });

  it("shows 'Flagged' when the server says the flag was already there (another tab)", async () => {
    officerPageApi({
      '/api/auth/status': signedIn(),
      '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
      'POST /api/reviews/1/flag': reply(409, { message: 'You have already flagged this review. An admin will look at it soon.', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(within(card).getByRole('button', { name: reviewActionsMessages.flag })).toBeEnabled());
    await user.click(within(card).getByRole('button', { name: reviewActionsMessages.flag }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Reason'), 'Spam about another game entirely.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(reviewActionsMessages.flagFailedTitle)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: reviewActionsMessages.flaggedButton })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('a suspended (banned) account on an officer page', () => {
  const banned = () => signedInStatus({ steamId: '76561198000000000', isBanned: true });

  it('shows the suspension instead of the review button', async () => {
    officerPageApi({ '/api/auth/status': banned() });
    renderRoute('/officer/7');

    await findCard(1);
    // Where the review button would be, above the list (the cards' vote buttons carry it too).
    await waitFor(() =>
      expect(screen.getAllByText(accountMessages.suspended).filter((notice) => !notice.closest('ul[aria-label="Reviews"]'))).toHaveLength(1),
    );
    expect(screen.queryByRole('link', { name: officerMessages.writeReview })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: officerMessages.editYourReview })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: officerMessages.connectSteam })).not.toBeInTheDocument();
  });

  it('disables the votes and the flag, saying why, and asks nothing per review', async () => {
    const api = officerPageApi({ '/api/auth/status': banned() });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const card = await findCard(1);
    await waitFor(() => expect(votes(card).up).toBeDisabled());
    for (const button of [votes(card).up, votes(card).down, within(card).getByRole('button', { name: reviewActionsMessages.flag })]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(accountMessages.suspended);
    }
    await user.click(votes(card).up);
    expect(api.calls.filter((call) => call.url.includes('/vote') || call.url.endsWith('/flag'))).toEqual([]);
  });
});
