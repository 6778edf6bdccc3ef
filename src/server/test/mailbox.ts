/**
 * A real SMTP server in the test process: the app sends through nodemailer over SMTP to it, and
 * tests read the messages it received (recipient, subject, and the links in the body).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
  /** The raw text with quoted-printable soft breaks and escapes decoded (what a reader sees). */
  decoded: string;
  /** Every http(s) link found in the decoded body. */
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: Array<() => void> = [];
  private server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const decoded = decodeQuotedPrintable(raw);
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          const links = [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'));
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, raw, decoded, links });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  /** Listens on `port` (any free one by default; a test restarting "the" mail server passes the old one). */
  async start(listenPort = 0): Promise<string> {
    this.server.listen(listenPort, '127.0.0.1');
    await once(this.server.server, 'listening');
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next message to `to` (with `subject`, if given) that arrives after `after` messages (default: any). */
  async waitFor(
    to: string,
    { timeoutMs = 5000, after = 0, subject }: { timeoutMs?: number; after?: number; subject?: string } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(after)
        .find((m) => (m.to.includes(to.toLowerCase()) || m.to.includes(to)) && (subject === undefined || m.subject === subject));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  countFor(to: string): number {
    return this.messages.filter((m) => m.to.includes(to)).length;
  }
}

/** The oobCode of the action link in a mail. */
export function actionCodeOf(mail: ReceivedMail, mode: 'verifyEmail' | 'resetPassword'): string {
  const link = mail.links.find((l) => l.includes('/__/auth/action') && l.includes(`mode=${mode}`));
  if (!link) throw new Error(`no ${mode} link in mail "${mail.subject}"`);
  return new URL(link).searchParams.get('oobCode')!;
}
