/**
 * /settings/security (issue 34): the authenticator app, passkeys and recovery codes, with the
 * step-up the dangerous ones ask for. The browser's WebAuthn library is a fake of the calls the app
 * makes; our API is the usual canned table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#core/date';
import { sessionMessages } from '#core/messages/session';
import { securityMessages } from '#core/messages/security';
import type { Passkey, SecurityState } from '#core/schemas/second-factor';
import { resetCsrfToken } from '#web/lib/api-client';
import { findToast, homeApi, signedInStatus, SIGNED_OUT } from '#web/test/fixtures';
import { mockApi, renderRoute, reply, type ApiHandler, type MockApi } from '#web/test/render';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(async (..._args: unknown[]) => ({
    id: 'new-credential',
    rawId: 'new-credential',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'AA' },
    clientExtensionResults: {},
  })),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const CODES = [
  'aaaaa-bbbbb',
  'ccccc-ddddd',
  'eeeee-fffff',
  'ggggg-hhhhh',
  'jjjjj-kkkkk',
  'mmmmm-nnnnn',
  'ppppp-qqqqq',
  'rrrrr-sssss',
  'ttttt-uuuuu',
  'vvvvv-wwwww',
];
const LAPTOP: Passkey = { id: 'cred-laptop', name: 'Work laptop', createdAt: '2025-03-02T12:00:00.000Z', lastUsedAt: '2025-03-05T08:00:00.000Z' };
const NOTHING: SecurityState = { totp: { enabled: false }, passkeys: [], recoveryCodesRemaining: 0, required: false };
const STEP_UP = reply(401, { message: securityMessages.stepUpRequired, code: 'STEP_UP_REQUIRED', stepUp: true });

beforeEach(() => {
  vi.clearAllMocks();
  resetCsrfToken();
});

/** The security API around a state the test changes as the server would; `more` adds or replaces calls. */
function securityApi(initial: SecurityState, more: Record<string, ApiHandler> = {}) {
  let state = initial;
  const set = (next: Partial<SecurityState>) => {
    state = { ...state, ...next };
  };
  const api = mockApi({
    ...homeApi(),
    '/api/auth/status': signedInStatus({ secondFactor: { enrolled: true, methods: ['totp'] } }),
    '/api/auth/security': () => state,
    ...more,
  });
  return { api, set, state: () => state };
}

const writes = (api: MockApi) => api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);

describe('/settings/security', () => {
  it('sends a visitor home, offering the login', async () => {
    mockApi({ ...homeApi(), '/api/auth/status': SIGNED_OUT });
    const { router } = renderRoute('/settings/security');

    expect(await findToast(sessionMessages.authenticationRequiredTitle)).toHaveTextContent(securityMessages.loginToManageSecurity);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows an account without a factor, and tells staff they must set one up', async () => {
    securityApi({ ...NOTHING, required: true });
    renderRoute('/settings/security');

    expect(await screen.findByRole('heading', { level: 1, name: securityMessages.pageTitle })).toBeInTheDocument();
    expect(document.title).toBe('Security · WoR Officer Ratings');
    expect(await screen.findByRole('alert')).toHaveTextContent(securityMessages.staffNeedsSecondFactor);
    expect(screen.getByText(securityMessages.totpOff)).toBeInTheDocument();
    expect(screen.getByText(securityMessages.passkeysNone)).toBeInTheDocument();
    expect(screen.getByText(securityMessages.recoveryNone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: securityMessages.recoveryRenew })).not.toBeInTheDocument();
    expect(screen.getByText(securityMessages.lostFactorsHelp)).toBeInTheDocument();
  });

  it('sets up the authenticator app: the QR code and the key, a code, then the recovery codes shown once', async () => {
    const { api, set } = securityApi(NOTHING, {
      'POST /api/auth/totp/setup': { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/War%20of%20Rights:meade?secret=JBSWY3DPEHPK3PXP' },
      'POST /api/auth/totp/enable': ({ body }: { body: { code: string } }) => {
        if (body.code !== '123456') return reply(400, { message: securityMessages.invalidCode, code: 'BAD_REQUEST' });
        set({ totp: { enabled: true }, recoveryCodesRemaining: 10 });
        return { recoveryCodes: CODES };
      },
    });
    const user = userEvent.setup();
    renderRoute('/settings/security');

    await user.click(await screen.findByRole('button', { name: securityMessages.totpSetUp }));
    const qr = await screen.findByRole('img', { name: securityMessages.totpQrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByText(securityMessages.totpScan)).toBeInTheDocument();

    const code = screen.getByLabelText(securityMessages.codeLabel);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: securityMessages.totpEnable }));
    expect(await screen.findByText(securityMessages.invalidCode)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: securityMessages.totpEnable }));
    expect(await findToast(securityMessages.totpEnabled)).toBeInTheDocument();

    const codes = await screen.findByRole('list', { name: securityMessages.recoveryTitle });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(securityMessages.recoveryShownOnce)).toBeInTheDocument();
    // The panel takes the focus: it is seen and read wherever the action was.
    expect(screen.getByRole('region', { name: securityMessages.recoveryTitle })).toHaveFocus();
    expect(await screen.findByText(securityMessages.totpOn)).toBeInTheDocument();
    expect(screen.getByText(securityMessages.recoveryRemaining(10))).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: securityMessages.totpQrAlt })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: securityMessages.recoveryCopy }));
    expect(await findToast(securityMessages.recoveryCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: securityMessages.recoverySaved }));
    expect(screen.queryByRole('list', { name: securityMessages.recoveryTitle })).not.toBeInTheDocument();
    expect(writes(api)).toEqual(['POST /api/auth/totp/setup', 'POST /api/auth/totp/enable', 'POST /api/auth/totp/enable']);
  });

  it('turns the authenticator app off with a current code', async () => {
    const { api, set } = securityApi(
      { ...NOTHING, totp: { enabled: true }, recoveryCodesRemaining: 7 },
      {
        'POST /api/auth/totp/disable': () => {
          set({ totp: { enabled: false }, recoveryCodesRemaining: 0 });
          return { message: securityMessages.totpDisabled };
        },
      },
    );
    const user = userEvent.setup();
    renderRoute('/settings/security');

    expect(await screen.findByText(securityMessages.recoveryRemaining(7))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: securityMessages.totpDisable }));
    expect(screen.getByText(securityMessages.totpDisableConfirm)).toBeInTheDocument();
    await user.type(screen.getByLabelText(securityMessages.codeLabel), '654321');
    await user.click(screen.getByRole('button', { name: securityMessages.totpDisable }));

    expect(await findToast(securityMessages.totpDisabled)).toBeInTheDocument();
    expect(await screen.findByText(securityMessages.totpOff)).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/api/auth/totp/disable')?.body).toEqual({ code: '654321' });
  });

  it('adds a named passkey; the first factor brings the recovery codes', async () => {
    const options = { challenge: 'cmVnaXN0ZXI', rp: { id: 'localhost', name: 'WoR' }, user: { id: 'dTE', name: 'meade', displayName: 'meade' } };
    const { api, set } = securityApi(NOTHING, {
      'POST /api/auth/passkeys/registration-options': options,
      'POST /api/auth/passkeys': ({ body }: { body: { name: string } }) => {
        const passkey = { ...LAPTOP, name: body.name, lastUsedAt: null };
        set({ passkeys: [passkey], recoveryCodesRemaining: 10 });
        return reply(201, { passkey, recoveryCodes: CODES });
      },
    });
    const user = userEvent.setup();
    renderRoute('/settings/security');

    const name = await screen.findByLabelText(securityMessages.passkeyNameLabel);
    expect(name).toHaveAttribute('placeholder', securityMessages.passkeyNamePlaceholder);
    expect(screen.getByRole('button', { name: securityMessages.passkeyAdd })).toBeDisabled();
    await user.type(name, '  YubiKey ');
    await user.click(screen.getByRole('button', { name: securityMessages.passkeyAdd }));

    expect(await findToast(securityMessages.passkeyAdded('YubiKey'))).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.calls.find((call) => call.url === '/api/auth/passkeys')?.body).toEqual({
      name: 'YubiKey',
      response: await webauthn.startRegistration.mock.results[0]!.value,
    });
    expect(await screen.findByRole('list', { name: securityMessages.recoveryTitle })).toBeInTheDocument();
    const passkeys = await screen.findByRole('list', { name: securityMessages.passkeysTitle });
    expect(within(passkeys).getByText('YubiKey', { selector: 'p' })).toBeInTheDocument();
    expect(within(passkeys).getByText(securityMessages.passkeyCreated(formatDate(LAPTOP.createdAt)))).toBeInTheDocument();
    expect(name).toHaveValue('');
  });

  it('says so when the browser refuses to make the passkey, and adds nothing', async () => {
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('The authenticator was previously registered'), { name: 'InvalidStateError' }),
    );
    const { api } = securityApi(NOTHING, { 'POST /api/auth/passkeys/registration-options': { challenge: 'eA' } });
    const user = userEvent.setup();
    renderRoute('/settings/security');

    await user.type(await screen.findByLabelText(securityMessages.passkeyNameLabel), 'Phone');
    await user.click(screen.getByRole('button', { name: securityMessages.passkeyAdd }));
    expect(await screen.findByText(securityMessages.passkeyAlreadyRegistered)).toBeInTheDocument();
    expect(writes(api)).toEqual(['POST /api/auth/passkeys/registration-options']);
  });

  it('makes a new set of recovery codes and shows it once', async () => {
    const { api } = securityApi(
      { ...NOTHING, passkeys: [LAPTOP], recoveryCodesRemaining: 2 },
      { 'POST /api/auth/recovery-codes': { recoveryCodes: CODES } },
    );
    const user = userEvent.setup();
    renderRoute('/settings/security');

    expect(await screen.findByText(securityMessages.recoveryRemaining(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: securityMessages.recoveryRenew }));
    expect(await findToast(securityMessages.recoveryRenewed)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: securityMessages.recoveryTitle })).getAllByRole('listitem')).toHaveLength(10);
    expect(writes(api)).toEqual(['POST /api/auth/recovery-codes']);
  });
});

describe('step-up on the security settings (issue 34, item 5)', () => {
  /** A passkey removal the server refuses until a factor was checked, as it does after five minutes. */
  function removalApi(secondFactor: ApiHandler) {
    let isStepped = false;
    const security = securityApi(
      { ...NOTHING, totp: { enabled: true }, passkeys: [LAPTOP], recoveryCodesRemaining: 10 },
      {
        'POST /api/auth/second-factor': (request: { body: unknown }) => {
          const answer = typeof secondFactor === 'function' ? secondFactor(request) : secondFactor;
          if (!(answer && typeof answer === 'object' && '__reply' in answer)) isStepped = true;
          return answer;
        },
        'DELETE /api/auth/passkeys/cred-laptop': () => {
          if (!isStepped) return STEP_UP;
          security.set({ passkeys: [] });
          return { message: securityMessages.passkeyRemoved(LAPTOP.name) };
        },
      },
    );
    return security;
  }

  it('asks for a code when removing a passkey needs it, then removes it without asking again', async () => {
    const { api } = removalApi(({ body }: { body: { code?: string } }) =>
      body.code === '123456' ? { user: signedInStatus().user } : reply(401, { message: securityMessages.invalidCode, code: 'UNAUTHENTICATED' }),
    );
    const user = userEvent.setup();
    renderRoute('/settings/security');

    const passkeys = await screen.findByRole('list', { name: securityMessages.passkeysTitle });
    expect(
      within(passkeys).getByText(
        `${securityMessages.passkeyCreated(formatDate(LAPTOP.createdAt))}, ${securityMessages.passkeyLastUsed(formatDate(LAPTOP.lastUsedAt!))}`,
      ),
    ).toBeInTheDocument();
    await user.click(within(passkeys).getByRole('button', { name: `${securityMessages.passkeyRemove} ${LAPTOP.name}` }));

    const dialog = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    expect(dialog).toHaveAccessibleDescription(securityMessages.stepUpRequired);
    // The account has the app (its auth status says so), not a passkey: no passkey button.
    const code = await within(dialog).findByLabelText(securityMessages.codeLabel);
    expect(within(dialog).queryByRole('button', { name: securityMessages.usePasskey })).not.toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: securityMessages.verify }));
    expect(await within(dialog).findByText(securityMessages.invalidCode)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: securityMessages.verify }));
    expect(await findToast(securityMessages.passkeyRemoved(LAPTOP.name))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: securityMessages.stepUpTitle })).not.toBeInTheDocument());
    expect(await screen.findByText(securityMessages.passkeysNone)).toBeInTheDocument();
    expect(writes(api)).toEqual([
      'DELETE /api/auth/passkeys/cred-laptop',
      'POST /api/auth/second-factor',
      'POST /api/auth/second-factor',
      'DELETE /api/auth/passkeys/cred-laptop',
    ]);
  });

  it('leaves the passkey in place, without an error, when the user closes the dialog', async () => {
    const { api } = removalApi({ user: signedInStatus().user });
    const user = userEvent.setup();
    renderRoute('/settings/security');

    const passkeys = await screen.findByRole('list', { name: securityMessages.passkeysTitle });
    const remove = within(passkeys).getByRole('button', { name: `${securityMessages.passkeyRemove} ${LAPTOP.name}` });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    await within(dialog).findByLabelText(securityMessages.codeLabel);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toBeEnabled());
    expect(within(passkeys).getByText(LAPTOP.name, { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Notifications/ })?.querySelector('li')).toBeFalsy();
    expect(writes(api)).toEqual(['DELETE /api/auth/passkeys/cred-laptop']);
  });

  it('offers the passkey when the account has one, and takes it for the step-up', async () => {
    webauthn.startAuthentication.mockResolvedValueOnce({
      id: 'cred-laptop',
      rawId: 'cred-laptop',
      type: 'public-key',
      response: { signature: 'AA' },
    });
    let isStepped = false;
    const { api, set } = securityApi(
      { ...NOTHING, passkeys: [LAPTOP], recoveryCodesRemaining: 3 },
      {
        '/api/auth/status': signedInStatus({ secondFactor: { enrolled: true, methods: ['passkey'] } }),
        'POST /api/auth/passkeys/authentication-options': { challenge: 'c3RlcA' },
        'POST /api/auth/passkeys/authenticate': () => {
          isStepped = true;
          return { user: signedInStatus().user };
        },
        'POST /api/auth/recovery-codes': () => {
          if (!isStepped) return STEP_UP;
          set({ recoveryCodesRemaining: 10 });
          return { recoveryCodes: CODES };
        },
      },
    );
    const user = userEvent.setup();
    renderRoute('/settings/security');

    await user.click(await screen.findByRole('button', { name: securityMessages.recoveryRenew }));
    const dialog = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    // No app on this account: the passkey, and a recovery code one click away.
    await user.click(await within(dialog).findByRole('button', { name: securityMessages.usePasskey }));
    expect(within(dialog).queryByLabelText(securityMessages.codeLabel)).not.toBeInTheDocument();

    expect(await findToast(securityMessages.recoveryRenewed)).toBeInTheDocument();
    expect(writes(api)).toEqual([
      'POST /api/auth/recovery-codes',
      'POST /api/auth/passkeys/authentication-options',
      'POST /api/auth/passkeys/authenticate',
      'POST /api/auth/recovery-codes',
    ]);
  });
});
