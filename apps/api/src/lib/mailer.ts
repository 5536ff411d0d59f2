// Mail goes over SMTP when SMTP_URL is set, otherwise into .eml files in <data dir>/outbox/ so a
// fresh install (and the e2e tests) can read one-time codes and links without a mail server.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (an invoice's or a receipt's PDF), in nodemailer's own shape. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The Message-ID header, `<…@kassa.local>` (`messageIdOf`). A mail that may be sent again (the
   * outbox's, docs/decisions/0001-transactional-outbox.md) gives the same one each time, so the
   * receiving server drops the repeat; nodemailer makes a new one when it is missing.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const MAIL_DOMAIN = 'kassa.local';
const FROM = `Kassa <no-reply@${MAIL_DOMAIN}>`;

/** The Message-ID of the mail that `key` (a queued notification's id) names: the same at every send. */
export function messageIdOf(key: string): string {
  return `<${key}@${MAIL_DOMAIN}>`;
}

/**
 * The transport is made at the first message, so nodemailer is loaded then and not while the process
 * starts (docs/operations.md#start-time).
 */
function transportOnFirstUse(options: string | Record<string, unknown>): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/**
 * nodemailer waits up to 2 minutes to connect and 10 for a silent server by default; the outbox's claim
 * on a mail is only sure to outlast a send of under a minute (docs/decisions/0001-transactional-outbox.md),
 * so a stalled server fails the send sooner and the mail is tried again. Parameters in SMTP_URL win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function smtpMailer(url: string): Mailer {
  const transport = transportOnFirstUse({ url, ...SMTP_TIMEOUTS });
  return { send: async (m) => void (await (await transport()).sendMail({ from: FROM, ...m })) };
}

export function outboxMailer(dir: string): Mailer {
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(dir, { recursive: true });
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from: FROM, ...m });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${crypto.randomUUID().slice(0, 8)}`;
      // Written whole or not at all: a process killed mid-write leaves no half mail among the .eml files.
      writeFileSync(join(dir, `${name}.part`), info.message as Buffer);
      renameSync(join(dir, `${name}.part`), join(dir, `${name}.eml`));
    },
  };
}

/** Keeps messages in memory: API tests read codes and links from here. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  }
}
