// Every request gets an id of Kassa's own (never the client's: a header could collide with another
// request's or forge one): it is in the X-Request-Id answer header, in every error envelope, and in
// the request's one log line, so a merchant's support ticket quoting it leads to that line.
import { randomUUID } from 'node:crypto';
import { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';

/** Fastify's constructor options that make the ids (Kassa's own, never read from a request header). */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false as const,
  // One line per request (below) instead of Fastify's "incoming request" and "request completed".
  logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
};

/** Whether this request's logger writes info lines (pino's check; Fastify's logger when logging is off has none). */
const logsInfo = (log: FastifyBaseLogger) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;

// Callback hooks rather than async ones: these run on every request, and an async hook costs a
// promise each time (docs/decisions/0022-the-fast-path-on-public-apis.md).
function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (payload && typeof payload === 'object' && (payload as { status?: unknown }).status === 'error') {
      done(null, { ...(payload as object), request_id: request.id });
      return;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The line is built only when it is written (LOG_LEVEL below info writes none).
    if (logsInfo(request.log)) {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
