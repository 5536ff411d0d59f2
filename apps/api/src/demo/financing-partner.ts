// A demo financing partner on loopback (`npm run demo:partner`) so the Financing Hub SSO round trip
// can be seen and tested locally (docs/ARCHITECTURE.md "Financing Hub"). It does what a real partner does,
// written only with node:crypto so it shows a partner's side independently of Kassa's code:
//   1. POST /sso from Kassa's server: checks x-kassa-signature = hex HMAC-SHA256(secret,
//      `${x-kassa-timestamp}.${raw body}`) in constant time, the timestamp within 5 minutes, and that
//      the signature was not seen before; a bad one gets 401. It answers { redirect_url } with a
//      one-time login link.
//   2. GET /welcome/<code> in the merchant's browser: "Welcome, <merchant name>" with the verified
//      merchant and user details. The link works once.
// Environment: DEMO_PARTNER_PORT (8081), DEMO_PARTNER_SECRET, DEMO_PARTNER_REFUSE_EMAILS (user
// e-mails answered with 403 "User not provisioned", to see a refusal).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { SsoPayload } from '@kassa/contract/financing';

export const DEMO_PARTNER_DEFAULT_SECRET = 'demo-partner-shared-secret-0123456789';
const WINDOW_S = 5 * 60;
const LINK_TTL_MS = 2 * 60_000;

export interface FinancingPartnerOptions {
  port?: number;
  secret?: string;
  /** Users this partner has no account for: answered 403 "User not provisioned". */
  refuseEmails?: string[];
  now?: () => Date;
}

export interface RunningPartner {
  server: Server;
  /** http://localhost:<port> */
  baseUrl: string;
  ssoUrl: string;
  close(): Promise<void>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function sendJson(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function sendPage(res: ServerResponse, status: number, title: string, main: string) {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1d2433}' +
        'dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{color:#5b6475}' +
        '.badge{display:inline-block;background:#e6f4ea;color:#1e7b34;padding:.2rem .6rem;border-radius:1rem}</style>' +
        `</head><body><p><strong>Demo Capital</strong> — a Kassa financing partner</p>${main}</body></html>`,
    );
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function startFinancingPartner(options: FinancingPartnerOptions = {}): Promise<RunningPartner> {
  const secret = options.secret ?? DEMO_PARTNER_DEFAULT_SECRET;
  const refuse = new Set((options.refuseEmails ?? []).map((e) => e.toLowerCase()));
  const now = options.now ?? (() => new Date());
  const seen = new Map<string, number>(); // signature → expiry (ms)
  const links = new Map<string, { payload: SsoPayload; expires: number }>();
  let baseUrl = '';

  function verify(req: IncomingMessage, body: string): string | null {
    const timestamp = String(req.headers['x-kassa-timestamp'] ?? '');
    const signature = String(req.headers['x-kassa-signature'] ?? '').toLowerCase();
    if (!/^\d+$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'Missing or malformed signature headers.';
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'Invalid signature.';
    const nowS = Math.floor(now().getTime() / 1000);
    if (Math.abs(nowS - Number(timestamp)) > WINDOW_S) return 'The timestamp is outside the 5-minute window.';
    for (const [sig, expiry] of seen) if (expiry < now().getTime()) seen.delete(sig);
    if (seen.has(signature)) return 'This request was already used.';
    seen.set(signature, (Number(timestamp) + WINDOW_S) * 1000);
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://partner.local').pathname;
    if (req.method === 'POST' && path === '/sso') {
      const body = await readBody(req);
      const problem = verify(req, body);
      if (problem) return sendJson(res, 401, { message: problem });
      const payload = JSON.parse(body) as SsoPayload;
      if (refuse.has(payload.user.email.toLowerCase())) return sendJson(res, 403, { message: 'User not provisioned' });
      const code = randomBytes(18).toString('base64url');
      links.set(code, { payload, expires: now().getTime() + LINK_TTL_MS });
      return sendJson(res, 200, { redirect_url: `${baseUrl}/welcome/${code}` });
    }
    const welcome = path.match(/^\/welcome\/([\w-]{10,64})$/);
    if (req.method === 'GET' && welcome) {
      const link = links.get(welcome[1]!);
      links.delete(welcome[1]!);
      if (!link || link.expires < now().getTime()) {
        return sendPage(res, 404, 'Link expired', '<h1>This login link was already used or has expired.</h1>');
      }
      const { merchant, user } = link.payload;
      const rows: [string, string][] = [
        ['Merchant', merchant.name],
        ['Merchant id', merchant.id],
        ['Merchant e-mail', merchant.email],
        ['Country', merchant.country],
        ['Industry', merchant.industry_type ?? '—'],
        ['Signed in as', `${user.first_name} ${user.last_name} <${user.email}>`],
        ['Signed at', new Date(link.payload.timestamp * 1000).toISOString()],
      ];
      return sendPage(
        res,
        200,
        `Welcome, ${merchant.name}`,
        `<h1 id="welcome">Welcome, ${escapeHtml(merchant.name)}</h1><p><span class="badge">Signature verified</span></p>` +
          `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
      );
    }
    return sendJson(res, 404, { message: 'Not found.' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => sendJson(res, 400, { message: 'Bad request.' }));
  });
  return new Promise((resolve) => {
    // Loopback only: the demo never listens on a public interface.
    server.listen(options.port ?? 8081, '127.0.0.1', () => {
      baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
      resolve({
        server,
        baseUrl,
        ssoUrl: `${baseUrl}/sso`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.DEMO_PARTNER_SECRET || DEMO_PARTNER_DEFAULT_SECRET;
  const partner = await startFinancingPartner({
    port: Number(process.env.DEMO_PARTNER_PORT || 8081),
    secret,
    refuseEmails: (process.env.DEMO_PARTNER_REFUSE_EMAILS ?? '').split(',').filter(Boolean),
  });
  console.log(`Demo financing partner listening on ${partner.baseUrl}

To connect it to Kassa, sign in as the platform admin, open Financial connections and create one with
  SSO URL:        ${partner.ssoUrl}
  Shared secret:  ${secret}
  Industry types: the industry of the merchant you will sign in with
Then sign in as that merchant (Financing Hub active), open Connections and choose the partner.
Set DEMO_PARTNER_PORT, DEMO_PARTNER_SECRET or DEMO_PARTNER_REFUSE_EMAILS to change the defaults.`);
}
