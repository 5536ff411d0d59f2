// Reads the mail the server wrote to <dataDir>/outbox (no SMTP_URL): one-time codes, invitation and
// reset links. A small MIME reader is enough for what nodemailer writes: headers with folded lines
// and encoded words, multipart bodies, quoted-printable (soft line breaks!) and base64 parts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The Message-ID header: a queued mail sent again after a kill repeats its first copy's. */
  messageId: string;
  text: string;
  html: string;
  /** When the file was written (ms since the epoch). */
  writtenAt: number;
}

export interface WaitForMailOptions {
  /** Only mail written at or after this time (ms since the epoch), e.g. Date.now() before the action. */
  after?: number;
  subject?: RegExp;
  timeoutMs?: number;
}

/** The newest mail to `to` in the outbox, polling until one arrives (default up to 5 s). */
export async function waitForMail(dataDir: string, to: string, opts: WaitForMailOptions = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5_000);
  for (;;) {
    const found = readOutbox(dataDir).filter(
      (m) =>
        m.to.toLowerCase().includes(to.toLowerCase()) &&
        m.writtenAt >= (opts.after ?? 0) &&
        (!opts.subject || opts.subject.test(m.subject)),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to}${opts.subject ? ` with subject ${opts.subject}` : ''} in ${outboxDir(dataDir)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** Every mail in the outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => {
      const file = join(dir, f);
      return { file, writtenAt: statSync(file).mtimeMs, ...parseMail(readFileSync(file, 'utf8')) };
    })
    .sort((a, b) => a.writtenAt - b.writtenAt || a.file.localeCompare(b.file));
}

/**
 * The subject of a sign-in code mail: waiting for it by subject, since a merchant's owner also gets
 * payment mails, which the e-mail worker may write in the same moment.
 */
export const SIGN_IN_CODE_SUBJECT = /is your Kassa sign-in code/;

/** The 6-digit one-time code of a sign-in mail. */
export function extractCode(mail: Pick<OutboxMail, 'text' | 'html'>): string {
  const match = /\b(\d{6})\b/.exec(mail.text) ?? /\b(\d{6})\b/.exec(stripTags(mail.html));
  if (!match?.[1]) throw new Error(`No 6-digit code in the mail:\n${mail.text}`);
  return match[1];
}

/** The first link in the mail whose URL contains `pattern` (a string) or matches it (a RegExp). */
export function extractLink(mail: Pick<OutboxMail, 'text' | 'html'>, pattern: string | RegExp): string {
  const urls = [...`${mail.text}\n${mail.html.replaceAll('&amp;', '&')}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) =>
    m[0].replace(/[.,;)]+$/, ''),
  );
  const link = urls.find((u) => (typeof pattern === 'string' ? u.includes(pattern) : pattern.test(u)));
  if (!link) throw new Error(`No link matching ${pattern} in the mail; links: ${urls.join(', ') || 'none'}`);
  return link;
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace (RFC 5322 2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= in headers (RFC 2047). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

function collect(part: Part, out: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), out);
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    out.html += decodeBody(part);
  } else if (type.toLowerCase().startsWith('text/plain')) {
    out.text += decodeBody(part);
  }
}

export function parseMail(raw: string): Omit<OutboxMail, 'file' | 'writtenAt'> {
  const root = splitPart(raw);
  const out = { text: '', html: '' };
  collect(root, out);
  return {
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    messageId: root.headers.get('message-id') ?? '',
    ...out,
  };
}
