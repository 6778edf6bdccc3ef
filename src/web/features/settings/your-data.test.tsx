/**
 * 'Your data' on /settings (issue 35): the download of everything kept about the user, the deletion
 * of the account with its choices and refusals, and the panel of an account waiting to be deleted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from '#core/api';
import { formatDate } from '#core/date';
import { serverMessages } from '#core/messages/server';
import { settingsMessages } from '#core/messages/settings';
import { yourDataMessages } from '#core/messages/your-data';
import { MAIL_DEFAULTS } from '#core/notifications';
import { resetCsrfToken } from '#web/lib/api-client';
import { SIGNED_OUT, findToast, homeApi, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';

const SETTINGS = { hideLevel: false, mail: MAIL_DEFAULTS, digest: 'weekly' };
const EXPORT_FILE = 'war-of-rights-ratings-1-2025-03-02.json';
const DELETE_AFTER = '2025-04-01T12:00:00.000Z';
const SCHEDULED = { deleteAfter: DELETE_AFTER, message: yourDataMessages.deleteRequested('2025-04-01') };

beforeEach(() => resetCsrfToken());

/** /settings of user 1 ('meade'), signed in, with the calls a test adds or replaces. */
function renderSettings(more: Record<string, ApiHandler> = {}) {
  const api = mockApi({ ...homeApi(), '/api/auth/status': signedInStatus(), '/api/users/me/settings': SETTINGS, ...more });
  return { api, ...renderRoute('/settings') };
}

/**
 * Catches the downloads the page starts: jsdom has no object URLs and cannot follow the link, so
 * the file is kept as it was handed over and the link's click recorded instead.
 */
function catchDownloads() {
  const files = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:http://localhost/${files.size + 1}`;
    files.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  const clicks: Array<{ filename: string; file: Blob | undefined }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ filename: this.download, file: files.get(this.href) });
  });
  return clicks;
}

async function openDeleteDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: yourDataMessages.deleteButton }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: yourDataMessages.deleteTitle })) };
}

describe("/settings' Your data", () => {
  it('saves the download as the file the server names', async () => {
    const clicks = catchDownloads();
    const document = { format: 'wor-ratings-account-export/1', account: { id: 1, username: 'meade' } };
    renderSettings({
      '/api/users/me/export': reply(200, document, { 'Content-Disposition': `attachment; filename="${EXPORT_FILE}"` }),
    });

    expect(await screen.findByRole('heading', { level: 2, name: yourDataMessages.sectionTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: yourDataMessages.exportButton }));

    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.filename).toBe(EXPORT_FILE);
    expect(JSON.parse(await clicks[0]!.file!.text())).toEqual(document);
  });

  it("says why a download was refused, in the server's words", async () => {
    const clicks = catchDownloads();
    renderSettings({ '/api/users/me/export': reply(429, { message: serverMessages.rateLimited, code: 'RATE_LIMITED' }) });

    await userEvent.click(await screen.findByRole('button', { name: yourDataMessages.exportButton }));

    const failure = await findToast(yourDataMessages.exportFailedTitle);
    expect(failure).toHaveTextContent(serverMessages.rateLimited);
    expect(clicks).toEqual([]);
  });

  it("deletes nothing until the box is ticked, and shows a wrong password's refusal in the dialog", async () => {
    const { api } = renderSettings({
      'POST /api/users/me/deletion': reply(401, { message: yourDataMessages.wrongPassword, code: 'UNAUTHENTICATED' }),
    });
    const { user, dialog } = await openDeleteDialog();

    expect(dialog.getByRole('radio', { name: yourDataMessages.deleteAnonymize })).toBeChecked();
    expect(dialog.getByLabelText(yourDataMessages.deletePasswordLabel)).toHaveAccessibleDescription(yourDataMessages.deletePasswordHint);
    const confirm = dialog.getByRole('button', { name: yourDataMessages.deleteButton });
    expect(confirm).toBeDisabled();

    await user.type(dialog.getByLabelText(yourDataMessages.deletePasswordLabel), 'not-my-password');
    await user.click(dialog.getByRole('checkbox', { name: yourDataMessages.deleteConfirm }));
    await user.click(confirm);

    expect(await dialog.findByRole('alert')).toHaveTextContent(yourDataMessages.wrongPassword);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/users/me/deletion', body: { reviews: 'anonymize', password: 'not-my-password' } },
    ]);
  });

  it('tells an account without a password how to prove it is theirs', async () => {
    const { api } = renderSettings({
      'POST /api/users/me/deletion': reply(401, { message: yourDataMessages.freshSignInRequired, code: 'UNAUTHENTICATED' }),
    });
    const { user, dialog } = await openDeleteDialog();

    await user.click(dialog.getByRole('checkbox', { name: yourDataMessages.deleteConfirm }));
    await user.click(dialog.getByRole('button', { name: yourDataMessages.deleteButton }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(yourDataMessages.deleteFreshSignIn);
    // No password typed, none sent.
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ reviews: 'anonymize' });
  });

  it('once the deletion is scheduled, lands home signed out with the answer in a toast', async () => {
    let status: AuthStatus = signedInStatus();
    const { api, router } = renderSettings({
      '/api/auth/status': () => status,
      'POST /api/users/me/deletion': () => {
        // The server signs the account out everywhere, this browser too.
        status = SIGNED_OUT;
        return reply(202, SCHEDULED);
      },
    });
    const { user, dialog } = await openDeleteDialog();

    await user.click(dialog.getByRole('radio', { name: yourDataMessages.deleteReviews }));
    await user.type(dialog.getByLabelText(yourDataMessages.deletePasswordLabel), 'Bayonets-1862');
    await user.click(dialog.getByRole('checkbox', { name: yourDataMessages.deleteConfirm }));
    await user.click(dialog.getByRole('button', { name: yourDataMessages.deleteButton }));

    const scheduled = await findToast(yourDataMessages.deleteRequestedTitle);
    expect(scheduled).toHaveTextContent(SCHEDULED.message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST' && call.url === '/api/users/me/deletion')?.body).toEqual({
      reviews: 'delete',
      password: 'Bayonets-1862',
    });
    // The page being left never answered the sign-out with its own 'log in first' notice.
    expect(screen.queryByText(settingsMessages.loginToChangeSettings)).not.toBeInTheDocument();
  });
});

describe('/settings of an account waiting to be deleted', () => {
  it('offers only the cancellation, and brings the settings back once cancelled', async () => {
    let status = signedInStatus({ deleteAfter: DELETE_AFTER });
    const { api } = renderSettings({
      '/api/auth/status': () => status,
      'DELETE /api/users/me/deletion': () => {
        status = signedInStatus();
        return { message: yourDataMessages.cancelled };
      },
    });

    expect(await screen.findByRole('heading', { level: 2, name: yourDataMessages.pendingTitle })).toBeInTheDocument();
    expect(screen.getByText(yourDataMessages.pending(formatDate(DELETE_AFTER)))).toBeInTheDocument();
    // The server refuses such an account everything else: the page asks for nothing else.
    expect(screen.queryByRole('checkbox', { name: settingsMessages.hideLevel })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/api/users/me/settings')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: yourDataMessages.cancelButton }));

    expect(await findToast(yourDataMessages.cancelled)).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: settingsMessages.hideLevel })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: yourDataMessages.pendingTitle })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/users/me/deletion', body: undefined }]);
  });

  it('says so when the cancellation fails, and stays', async () => {
    renderSettings({
      '/api/auth/status': signedInStatus({ deleteAfter: DELETE_AFTER }),
      'DELETE /api/users/me/deletion': reply(400, { message: yourDataMessages.notRequested, code: 'BAD_REQUEST' }),
    });

    await userEvent.click(await screen.findByRole('button', { name: yourDataMessages.cancelButton }));

    expect(await screen.findByRole('alert')).toHaveTextContent(yourDataMessages.notRequested);
    expect(screen.getByRole('heading', { level: 2, name: yourDataMessages.pendingTitle })).toBeInTheDocument();
  });
});
