// Builds the Fastify instance: external plugins, then Kassa's plugins, then one route plugin per
// domain module, then the web app. No I/O happens at import; server.ts and the tests pass a context.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { matchCheckoutRoute } from '@kassa/contract/buyer-pages';
import { installValidationMessages } from '@kassa/contract/validation-messages';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { listenForCacheChanges } from './lib/cache-invalidation.ts';
import { describeOperation } from './lib/openapi-operation.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import embedFrameAncestors from './modules/embed/embed-frame-ancestors.plugin.ts';
import hostedPagesRoutes from './modules/hosted-pages/hosted-pages.routes.ts';
import { webhookOpenApi } from './modules/webhooks/webhooks.service.ts';
import httpMetrics from './observability/http-metrics.plugin.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin, { notFoundBody } from './plugins/errors.ts';
import { rateLimitOptions, trustProxyOption } from './plugins/rate-limit.ts';
import requestId, { requestIdOptions } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import { ROUTE_MODULES } from './routes.ts';

export const API_PREFIX = '/apiv1';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app (apps/web/dist); omitted in API tests. */
  webDist?: string;
  /**
   * Only the benches set this: their load generator is one loopback address, which the per-address
   * limits would stop after a few dozen payments. The limiter still runs (its cost stays in the
   * measurement) but lets every request through. server.ts never passes it, and no environment
   * variable or request header can turn it on.
   */
  benchWithoutRateLimits?: boolean;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  installValidationMessages();
  const app = Fastify({
    logger: opts.logger ?? false,
    ...requestIdOptions,
    trustProxy: trustProxyOption(ctx.config.trustedProxies),
    bodyLimit: 1_048_576,
    // Router-level refusals (a malformed %-escape, a path parameter over 100 characters) never reach
    // the error handler: they get the envelope here.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A value in the address is too long.' : 'The address is not valid.';
      (reply as FastifyReply).status(status).send({ status: 'error', code: 'invalid_input', message });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestId);
  // KASSA_METRICS_PORT=off: nobody reads the request metrics, so no request pays for them.
  if (ctx.config.metricsPort !== null) await app.register(httpMetrics);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024 });
  const limits = await rateLimitOptions(ctx);
  await app.register(rateLimit, opts.benchWithoutRateLimits ? { ...limits, allowList: () => true } : limits);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kassa API',
        version: '1.0.0',
        description: 'Merchant payments platform API',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Kassa' },
      },
      servers: [{ url: ctx.config.publicUrl, description: 'This Kassa server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A merchant API key, `sk_test_…` or `sk_live_…`, made on the Developers page. Accepted only on the operations that list the scope it needs.',
          },
        },
      },
      webhooks: webhookOpenApi(),
    },
    transform: describeOperation,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { ctx });

  for (const routes of ROUTE_MODULES) {
    await app.register(routes, { prefix: API_PREFIX, ctx });
  }
  await app.register(embedFrameAncestors, { ctx });
  if (ctx.database.kind === 'postgres') {
    const listener = listenForCacheChanges(ctx.database, (message) => app.log.warn(message));
    app.addHook('onClose', () => listener.stop());
    await listener.ready;
  }
  await app.register(hostedPagesRoutes, { ctx });

  const hasWebApp = Boolean(opts.webDist && existsSync(join(opts.webDist, 'index.html')));
  if (hasWebApp) await registerWebApp(app, opts.webDist!);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const buyerPage = matchCheckoutRoute(path);
    // Every other GET outside the API is a route of the single-page app. A buyer page's id may end like
    // a file name (the add-card link's token is a JWT: header.payload.signature).
    const isAppRoute =
      hasWebApp &&
      request.method === 'GET' &&
      !path.startsWith(API_PREFIX) &&
      !path.startsWith('/assets/') &&
      // Metrics are on their own port: a scraper pointed here by mistake gets a 404, not the app's page.
      path !== '/metrics' &&
      (buyerPage !== null || !/\.\w+$/.test(path));
    if (!isAppRoute) return reply.status(404).send(notFoundBody(request.method, request.url));
    // The public checkout pages have their own entry without the back-office code (apps/web
    // vite.config.ts): a buyer's page load gets checkout.html.
    const page = buyerPage ? 'checkout.html' : 'index.html';
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page);
  });
  return app;
}

async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      // Vite puts a content hash in every asset name: those never change and can be cached for a year.
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The web app's files, not the API: hidden from the OpenAPI document, as @fastify/static hides its own.
  app.get('/assets/*', { schema: { hide: true } }, (req, reply) =>
    reply.sendFile(`assets/${(req.params as { '*': string })['*']}`),
  );
}
