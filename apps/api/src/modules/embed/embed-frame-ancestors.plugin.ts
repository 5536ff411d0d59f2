// frame-ancestors for the embed entry page (docs/ARCHITECTURE.md#api-conventions and "Embed"): every response keeps the
// global `frame-ancestors 'none'` except the SPA's HTML at /embed?merchant_id=…, which the merchant's
// allowed parent domains may frame. Only that first document needs it: the portal then navigates
// client-side inside the iframe (no further documents are loaded), and the API's JSON is fetched,
// never framed. An entry URL carrying a one-time embed session narrows the list to the one domain the
// session was made for, so the browser itself refuses any other parent.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { hashToken } from '../../lib/keys.ts';
import { findEmbedSettings } from './embed.queries.ts';
import { findEmbedSessionByHash } from './embed-sessions.queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EMBED_ENTRY_PATHS = new Set(['/embed', '/embed/']);

/** "shop.example.com" → "shop.example.com:*": any port of an allowed host, same scheme rules as the page. */
export const frameAncestorSources = (domains: readonly string[]) => domains.map((d) => `${d}:*`);

export function withFrameAncestors(csp: string, sources: readonly string[]): string {
  const directive = `frame-ancestors 'self' ${sources.join(' ')}`;
  return /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, directive) : `${csp};${directive}`;
}

async function embedFrameAncestors(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || !EMBED_ENTRY_PATHS.has(request.url.split('?')[0] ?? '')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const query = request.query as { merchant_id?: unknown; token?: unknown } | undefined;
    const merchantId = query?.merchant_id;
    if (typeof merchantId !== 'string' || !UUID.test(merchantId)) return payload;
    const token = typeof query?.token === 'string' && query.token.length <= 200 ? query.token : '';
    const session = token ? await findEmbedSessionByHash(ctx.db, hashToken(token)) : undefined;
    const domains =
      session?.merchantId === merchantId
        ? [session.domain]
        : ((await findEmbedSettings(ctx.db, merchantId))?.allowedDomains ?? []);
    if (domains.length === 0) return payload;
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', withFrameAncestors(csp, frameAncestorSources(domains)));
    // X-Frame-Options knows no list of origins; frame-ancestors decides for this page.
    reply.removeHeader('x-frame-options');
    return payload;
  });
}

export default fp(embedFrameAncestors, { name: 'embed-frame-ancestors' });
