// Counts and times every answer by the route's pattern (`/apiv1/transactions/:id/`), never the URL:
// a URL holds ids, and a query string may hold an e-mail address (docs/operations.md#metrics).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration, httpRequests, statusClassOf } from './metrics.ts';

function httpMetricsPlugin(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched addresses share one series: a scanner trying paths must not create one per path.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: statusClassOf(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

export default fp(httpMetricsPlugin, { name: 'http-metrics' });
