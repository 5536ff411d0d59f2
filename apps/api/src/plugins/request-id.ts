// Every request gets an id of Kassa's own (never the client's: a header could collide with another
// request's or forge one): it is in the X-Request-Id answer header, in every error envelope, and in
// the request's one log line, so a merchant's support ticket quoting it leads to that line.
import { randomUUID } from 'node:crypto';
import { type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';

/** Fastify's constructor options that make the ids (Kassa's own, never read from a request header). */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false as const,
  // One line per request (below) instead of Fastify's "incoming request" and "request completed".
  logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
};

function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && (payload as { status?: unknown }).status === 'error') {
      return { ...(payload as object), request_id: request.id };
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: ids and query strings (which may hold e-mails) stay out.
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
