/**
 * Why a Steam link failed, keyed by the code carried back to the page in `?steamError=`
 * (SteamLinkErrorCode).
 */
export const steamLinkErrorsMessages = {
  cancelled: 'Steam sign-in was cancelled.',
  expired: 'The Steam sign-in took too long or was already used. Please try again.',
  invalid: 'Steam could not confirm your sign-in. Please try again.',
  unreachable: 'Steam could not be reached to confirm your sign-in. Please try again later.',
  taken: 'This Steam account is already linked to another user.',
} as const;
