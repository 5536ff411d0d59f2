// An example parent site on its own loopback port (`npm run demo:embed`) that embeds the merchant
// portal (docs/product-rules.md#embed-entry, docs/product-rules.md#states-and-transitions; docs/ARCHITECTURE.md "Embed") the way a merchant's own site does: on every page
// load its server mints a one-time embed session with the merchant's API key (scope embed:write,
// POST /apiv1/embed/sessions/) and puts the answer's embed_url in an iframe. The key never reaches
// the browser; the token in the iframe URL opens the portal once, within five minutes, and only for
// this site's host. Being another origin (another port), it shows that frame-ancestors, the origin
// check and the segment-limited session work across origins.
// Environment: KASSA_API_KEY (sk_test_… or sk_live_… with embed:write), DEMO_EMBED_PORT (8082),
// KASSA_URL (http://localhost:8080), EMBED_DOMAIN (localhost: must be one of the merchant's embed
// domains), EMBED_SEGMENTS (optional, e.g. "PR,INV": fewer sections than the settings allow).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface EmbedParentOptions {
  port?: number;
  kassaUrl?: string;
  /** The merchant's API key holding embed:write; kept on this server. */
  apiKey?: string;
  /** The host this page is served from, as listed in the merchant's embed domains. */
  domain?: string;
  segments?: string[];
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
  '.error{padding:1rem;background:#fbe9e7;border:1px solid #e0a899;border-radius:.5rem}';

const SETUP_HELP = `<p>Start the demo with an API key that has the <code>embed:write</code> scope:
<code>KASSA_API_KEY=sk_test_… npm run demo:embed</code>. Make the key on Kassa’s Developers page, and add
<code>localhost</code> as an allowed domain in Embed settings.</p>`;

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parent shop — Kassa embed demo</title>
<style>${STYLE}</style></head><body>
<header><strong>Parent Shop</strong> — an outside site embedding the Kassa portal</header>
<main>
${body}
</main></body></html>`;
}

/** Asks Kassa for a one-time embed session: the embed_url, or the reason there is none. */
async function mintEmbedSession(
  kassaUrl: string,
  apiKey: string,
  domain: string,
  segments: string[] | undefined,
): Promise<{ embedUrl: string } | { error: string }> {
  try {
    const res = await fetch(`${kassaUrl}/apiv1/embed/sessions/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain, ...(segments ? { segments } : {}) }),
    });
    const json = (await res.json().catch(() => ({}))) as { result?: { embed_url?: string }; message?: string };
    if (res.ok && json.result?.embed_url) return { embedUrl: json.result.embed_url };
    return { error: `Kassa answered ${res.status}: ${json.message ?? 'no message'}` };
  } catch (error) {
    return { error: `Kassa could not be reached at ${kassaUrl} (${(error as Error).message}).` };
  }
}

export function startEmbedParent(options: EmbedParentOptions = {}): Promise<RunningEmbedParent> {
  const kassaUrl = (options.kassaUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const domain = options.domain ?? 'localhost';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://parent.local');
    if (req.method !== 'GET' || url.pathname !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    let body = SETUP_HELP;
    if (options.apiKey) {
      // A new session per page load: each token opens the portal once.
      const minted = await mintEmbedSession(kassaUrl, options.apiKey, domain, options.segments);
      body =
        'embedUrl' in minted
          ? `<iframe id="kassa-portal" title="Kassa merchant portal" allow="payment" src="${escapeHtml(minted.embedUrl)}"></iframe>`
          : `<div class="error" id="embed-error">${escapeHtml(minted.error)}</div>${SETUP_HELP}`;
    }
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; frame-src ${kassaUrl}`,
        // The portal reads this page's origin from document.referrer: send at least the origin.
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'no-store',
      })
      .end(page(body));
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
    apiKey: process.env.KASSA_API_KEY,
    domain: process.env.EMBED_DOMAIN || 'localhost',
    segments: process.env.EMBED_SEGMENTS ? process.env.EMBED_SEGMENTS.split(',').map((s) => s.trim()) : undefined,
  });
  console.log(`Example parent site listening on ${parent.url} (embedding ${kassaUrl})

In Kassa, sign in as the merchant owner, then
  1. Embed settings: add the allowed domain localhost, choose the sections (tabs), and save
  2. Developers: create an API key with the embed:write scope and copy its secret
Then run  KASSA_API_KEY=<secret> npm run demo:embed  and open ${parent.url}
Each page load mints a one-time embed session (POST /apiv1/embed/sessions/) on this server.${
    process.env.KASSA_API_KEY ? '' : '\n\nKASSA_API_KEY is not set: the page shows these instructions.'
  }`);
}
