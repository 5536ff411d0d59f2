import type { FastifyHelmetOptions } from '@fastify/helmet';

// CSP without inline script (ARCHITECTURE 4). Inline *styles* stay allowed: Bootstrap components and
// SweetAlert2 set style attributes at run time. frame-ancestors is 'none' here; the embed module
// loosens it per merchant for pages meant to be framed.
export const securityHeaders: FastifyHelmetOptions = {
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
  // HSTS only means something over https; the security-headers hook adds it there.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  // The checkout widget opens the approval popup (spec 4) and must see when it closes.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};
