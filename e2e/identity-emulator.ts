import type { APIRequestContext } from '@playwright/test';
import type { MailLinkMode, Mailbox } from './support';

const REQUEST_TYPES: Record<MailLinkMode, string> = { verifyEmail: 'VERIFY_EMAIL', resetPassword: 'PASSWORD_RESET' };

interface OobMail {
  email: string;
  requestType: string;
  oobLink: string;
}

/**
 * The mails the identity service would have sent in firebase mode, as the Auth emulator lists them
 * (GET /emulator/v1/projects/{project}/oobCodes). The server under test names its emulator and
 * project in GET /api/auth/config, so nothing else needs to be shared with e2e/serve.mjs. The list
 * carries no times: the newest mail of the kind is the one, which holds for one request per test.
 */
export function identityServiceMailbox(request: APIRequestContext): Mailbox {
  return {
    async latestLink(to, mode, { timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
      const config = (await (await request.get('/api/auth/config')).json()) as { firebase?: { emulatorUrl?: string; projectId: string } };
      if (!config.firebase?.emulatorUrl) throw new Error('the server under test is not in firebase mode against an emulator');
      const listUrl = `${config.firebase.emulatorUrl}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { oobCodes } = (await (await request.get(listUrl)).json()) as { oobCodes: OobMail[] };
        const mail = oobCodes.filter((m) => m.email === to.toLowerCase() && m.requestType === REQUEST_TYPES[mode]).at(-1);
        if (mail) return mail.oobLink;
        if (Date.now() > deadline) throw new Error(`no ${mode} mail to ${to} within ${timeoutMs} ms (at ${listUrl})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}
