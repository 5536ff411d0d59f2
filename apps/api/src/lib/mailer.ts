// Mail goes over SMTP when SMTP_URL is set, otherwise into .eml files in <data dir>/outbox/ so a
// fresh install (and the e2e tests) can read one-time codes and links without a mail server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (an invoice's or a receipt's PDF), in nodemailer's own shape. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Kassa <no-reply@kassa.local>';

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

export function smtpMailer(url: string): Mailer {
  const transport = transportOnFirstUse(url);
  return { send: async (m) => void (await (await transport()).sendMail({ from: FROM, ...m })) };
}

export function outboxMailer(dir: string): Mailer {
  const transport = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(dir, { recursive: true });
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from: FROM, ...m });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${crypto.randomUUID().slice(0, 8)}.eml`;
      writeFileSync(join(dir, name), info.message as Buffer);
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
