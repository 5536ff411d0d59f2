// An example parent site on its own loopback port (`npm run demo:embed`) that embeds the merchant
// portal (spec 2.9, 4; ARCHITECTURE "Embed"): a page with an iframe on
// `${KASSA_URL}/embed?token=…&merchant_id=…`. Being another origin (another port), it shows that
// frame-ancestors, the referrer check and the segment-limited session work across origins.
// Environment: DEMO_EMBED_PORT (8082), KASSA_URL (http://localhost:8080), EMBED_TOKEN and
// EMBED_MERCHANT_ID (or type them into the page's form).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface EmbedParentOptions {
  port?: number;
  kassaUrl?: string;
  token?: string;
  merchantId?: string;
}

export interface RunningEmbedParent {
  server: Server;
  /** http://localhost:<port>/ */
  url: string;
  close(): Promise<void>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1d2433}' +
  'header{padding:1rem 2rem;background:#283044;color:#fff}main{padding:1.5rem 2rem}' +
  'iframe{width:100%;height:80vh;border:1px solid #c9c2b3;border-radius:.5rem;background:#fff}' +
  'label{display:block;margin:.5rem 0}input{width:28rem;max-width:100%;padding:.3rem}';

function page(kassaUrl: string, token: string, merchantId: string): string {
  const frame =
    token && merchantId
      ? `<iframe id="kassa-portal" title="Kassa merchant portal" allow="payment" src="${escapeHtml(
          `${kassaUrl}/embed?${new URLSearchParams({ token, merchant_id: merchantId })}`,
        )}"></iframe>`
      : '<p>Paste the embed token and merchant id from Kassa’s Embed settings.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parent shop — Kassa embed demo</title>
<style>${STYLE}</style></head><body>
<header><strong>Parent Shop</strong> — an outside site embedding the Kassa portal</header>
<main>
<form method="get" action="/">
<label>Embed token <input name="token" value="${escapeHtml(token)}" required></label>
<label>Merchant id <input name="merchant_id" value="${escapeHtml(merchantId)}" required></label>
<button type="submit">Embed</button>
</form>
${frame}
</main></body></html>`;
}

export function startEmbedParent(options: EmbedParentOptions = {}): Promise<RunningEmbedParent> {
  const kassaUrl = (options.kassaUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://parent.local');
    if (req.method !== 'GET' || url.pathname !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const token = url.searchParams.get('token') ?? options.token ?? '';
    const merchantId = url.searchParams.get('merchant_id') ?? options.merchantId ?? '';
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; frame-src ${kassaUrl}; form-action 'self'`,
        // The portal checks the parent's host from document.referrer: send at least the origin.
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'no-store',
      })
      .end(page(kassaUrl, token, merchantId));
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 8082, '127.0.0.1', () => {
      const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
      resolve({ server, url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kassaUrl = process.env.KASSA_URL || 'http://localhost:8080';
  const parent = await startEmbedParent({
    port: Number(process.env.DEMO_EMBED_PORT || 8082),
    kassaUrl,
    token: process.env.EMBED_TOKEN,
    merchantId: process.env.EMBED_MERCHANT_ID,
  });
  console.log(`Example parent site listening on ${parent.url} (embedding ${kassaUrl})

In Kassa, sign in as the merchant owner, open Embed settings and
  1. add the allowed domain: localhost
  2. choose the segments (tabs) the parent may show, and save
  3. copy the embed token and the merchant id
Then open ${parent.url}?token=<token>&merchant_id=<merchant id>
(or set EMBED_TOKEN and EMBED_MERCHANT_ID before npm run demo:embed).`);
}
