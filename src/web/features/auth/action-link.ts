import { resetPasswordMessages } from '#core/messages/reset-password';
import { verifyEmailMessages } from '#core/messages/verify-email';

/**
 * The mailed account links (spec section 2): both kinds arrive on /__/auth/action, and the `mode`
 * query parameter says which screen handles them.
 */

type ActionScreen = 'resetPassword' | 'verifyEmail';

/** 'resetPassword' shows the reset screen; 'verifyEmail', 'action', anything else or nothing shows verification. */
export function actionScreenFor(mode: string | null): ActionScreen {
  return mode === 'resetPassword' ? 'resetPassword' : 'verifyEmail';
}

type LinkCheck = { ok: true; code: string } | { ok: false; message: string };

/** Modes a verification link may carry; a link without a mode is accepted when it bears a code (spec section 5). */
const VERIFICATION_MODES = new Set(['verifyEmail', 'action']);

function firstPresent(params: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/**
 * The verification screen reads oobCode, code, actionCode, mode, apiKey and token (spec section 2).
 * The code may come under any of four names; apiKey belongs to a hosted identity service and is not
 * needed here, since the server checks the code itself.
 */
export function readVerificationLink(params: URLSearchParams): LinkCheck {
  const code = firstPresent(params, ['oobCode', 'code', 'actionCode', 'token']);
  if (!code) return { ok: false, message: verifyEmailMessages.noCode };
  const mode = params.get('mode');
  if (mode !== null && !VERIFICATION_MODES.has(mode)) return { ok: false, message: verifyEmailMessages.wrongMode(mode) };
  return { ok: true, code };
}

/** The reset screen reads oobCode and mode; the mode must be resetPassword (spec sections 2 and 5). */
export function readResetLink(params: URLSearchParams): LinkCheck {
  const code = params.get('oobCode')?.trim();
  if (!code) return { ok: false, message: resetPasswordMessages.missingCode };
  if (params.get('mode') !== 'resetPassword') return { ok: false, message: resetPasswordMessages.wrongMode };
  return { ok: true, code };
}
