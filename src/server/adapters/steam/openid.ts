/**
 * A Steam OpenID 2.0 relying party, written here because it is small and popular libraries have had
 * account-takeover bugs (docs/decisions/0004-steam-openid.md). It accepts an assertion only when every
 * check below passes; each refusal names its reason for the log.
 */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
export const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Steam's claimed ids: its own host and a 64-bit individual account id. */
export const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})$/;
const REQUIRED_SIGNED_FIELDS = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const NONCE_MAX_AGE_MS = 5 * 60 * 1000;
const CHECK_TIMEOUT_MS = 10_000;

export type OpenIdFailure =
  | 'cancelled'
  | 'bad_mode'
  | 'bad_namespace'
  | 'wrong_endpoint'
  | 'identity_mismatch'
  | 'bad_claimed_id'
  | 'unsigned_fields'
  | 'return_to_mismatch'
  | 'bad_nonce'
  | 'replayed_nonce'
  | 'not_valid'
  | 'provider_unreachable';

export class OpenIdError extends Error {
  constructor(
    readonly reason: OpenIdFailure,
    detail: string,
  ) {
    super(`Steam sign-in refused (${reason}): ${detail}`);
    this.name = 'OpenIdError';
  }
}

/** The URL the browser is sent to: checkid_setup with identifier_select, our return_to and realm. */
export function buildAuthorizationUrl(endpoint: string, returnTo: string, realm: string): string {
  const url = new URL(endpoint);
  const params = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export interface VerifyOptions {
  /** The configured provider endpoint; op_endpoint must equal it exactly. */
  endpoint: string;
  /** The exact return_to we issued for this sign-in. */
  returnTo: string;
  /** Records the nonce; false when it was seen before. */
  consumeNonce: (nonce: string) => Promise<boolean>;
  now?: Date;
  fetchImpl?: typeof fetch;
}

/** Verifies a positive assertion and returns the 17-digit SteamID64. */
export async function verifyAssertion(params: Record<string, string | undefined>, options: VerifyOptions): Promise<string> {
  const get = (key: string) => params[`openid.${key}`];
  const mode = get('mode');
  if (mode === 'cancel') throw new OpenIdError('cancelled', 'the user cancelled at the provider');
  if (mode !== 'id_res') throw new OpenIdError('bad_mode', `mode is ${mode ?? 'missing'}`);
  if (get('ns') !== OPENID_NS) throw new OpenIdError('bad_namespace', `ns is ${get('ns') ?? 'missing'}`);
  if (get('op_endpoint') !== options.endpoint) {
    throw new OpenIdError('wrong_endpoint', `op_endpoint ${get('op_endpoint') ?? 'missing'} is not ${options.endpoint}`);
  }
  const claimedId = get('claimed_id');
  if (!claimedId || claimedId !== get('identity')) throw new OpenIdError('identity_mismatch', 'claimed_id differs from identity');
  const match = STEAM_CLAIMED_ID.exec(claimedId);
  if (!match) throw new OpenIdError('bad_claimed_id', `claimed_id ${claimedId} is not a Steam id`);

  const signed = new Set((get('signed') ?? '').split(','));
  const unsigned = REQUIRED_SIGNED_FIELDS.filter((field) => !signed.has(field));
  if (unsigned.length > 0 || !get('sig')) throw new OpenIdError('unsigned_fields', `not signed: ${unsigned.join(', ') || 'sig missing'}`);

  if (get('return_to') !== options.returnTo) throw new OpenIdError('return_to_mismatch', 'return_to is not the address we issued');

  const nonce = get('response_nonce') ?? '';
  checkNonceTime(nonce, options.now ?? new Date());
  // Recorded before the provider is asked, so two concurrent replays cannot both pass.
  if (!(await options.consumeNonce(nonce))) throw new OpenIdError('replayed_nonce', 'response_nonce was used before');

  await checkWithProvider(params, options);
  return match[1]!;
}

/** A nonce starts with its UTC issue time (OpenID 2.0 section 10.1); stale or future ones are refused. */
function checkNonceTime(nonce: string, now: Date) {
  const stamp = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce)?.[1];
  if (!stamp || nonce.length > 255) throw new OpenIdError('bad_nonce', 'response_nonce is malformed');
  const age = now.getTime() - Date.parse(stamp);
  if (Number.isNaN(age) || age > NONCE_MAX_AGE_MS || age < -NONCE_MAX_AGE_MS) {
    throw new OpenIdError('bad_nonce', 'response_nonce is too old or from the future');
  }
}

/** Direct verification: the provider itself must confirm the signature (no shared association). */
async function checkWithProvider(params: Record<string, string | undefined>, options: VerifyOptions) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('openid.') && value !== undefined) body.set(key, value);
  }
  body.set('openid.mode', 'check_authentication');
  let text: string;
  try {
    const response = await (options.fetchImpl ?? fetch)(options.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    throw new OpenIdError('provider_unreachable', `check_authentication failed: ${(error as Error).message}`);
  }
  const fields = parseKeyValueForm(text);
  if (fields.is_valid !== 'true') throw new OpenIdError('not_valid', 'the provider answered is_valid:false');
}

/** OpenID key-value form: one 'key:value' per line. */
export function parseKeyValueForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}
