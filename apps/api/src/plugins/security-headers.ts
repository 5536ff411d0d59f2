// Security headers on every response (docs/ARCHITECTURE.md#api-conventions), from the helmet package's well-chosen
// defaults. @fastify/helmet built helmet's middleware anew on every request, which halved the
// throughput of the hottest public reads; here each header set is computed once — the global one at
// start, a route's own (`config.securityHeaders`, merged over the global) when the route is added —
// and copied onto the reply.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet options for this route, merged over the global ones. */
    securityHeaders?: HelmetOptions;
    /** Filled in when the route is added: the headers its securityHeaders produce. */
    compiledSecurityHeaders?: Record<string, string>;
  }
}

// CSP without inline script (docs/ARCHITECTURE.md#api-conventions). Inline *styles* stay allowed: Bootstrap components and
// SweetAlert2 set style attributes at run time. frame-ancestors is 'none' here; the embed module
// loosens it per merchant for pages meant to be framed.
export const securityHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only means something over https: the hook below adds it there.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  // The checkout widget opens the approval popup (docs/product-rules.md#states-and-transitions) and must see when it closes.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} satisfies HelmetOptions;

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers helmet would set for `options`, computed once by running its middleware on a stub. */
export function headersFor(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

function securityHeadersPlugin(app: FastifyInstance) {
  const globalHeaders = headersFor(securityHeaders);
  // Fastify hands requests a copy of the route's config, so the compiled set travels inside it.
  app.addHook('onRoute', (route) => {
    const own = route.config?.securityHeaders;
    if (own && route.config) {
      route.config.compiledSecurityHeaders = headersFor({ ...securityHeaders, ...own } as HelmetOptions);
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.compiledSecurityHeaders ?? globalHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
