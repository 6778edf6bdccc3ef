import { test } from './fixtures';
import { identityServiceMailbox } from './identity-emulator';
import { resetForgottenPasswordThroughUi } from './reset-journey';

// Runs against the second server of playwright.config.ts: IDENTITY_PROVIDER=firebase, the fake Auth
// emulator holding the passwords and sending the mails, the real Firebase JS SDK in the page.
test('in firebase mode, a user resets a forgotten password with the link the identity service mailed', async ({ page, request }) => {
  await resetForgottenPasswordThroughUi(page, identityServiceMailbox(request));
});
