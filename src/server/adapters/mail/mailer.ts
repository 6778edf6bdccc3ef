/**
 * Outgoing mail. With SMTP_URL, nodemailer delivers over SMTP; without it, each message and its link
 * are written to the server log (and the log line says so), so a local run needs no mail server.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, repeated in the log when mail is not configured. */
  link: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** A stable id for one message, so a receiving server can drop a repeat of a retried delivery. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.log.info(
          { to: message.to, subject: message.subject, link: message.link },
          `Mail is not configured (no SMTP_URL): not sent. Open this link instead: ${message.link}`,
        );
      },
    };
  }
  // Bounded waits (issue 37, item 3): a server that accepts and never greets, or stalls mid-mail,
  // fails the delivery (retried later by the outbox) instead of holding it for minutes.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
  };
}
