// Counts and times every answer by the route's pattern (`/apiv1/transactions/:id/`), never the URL:
// a URL holds ids, and a query string may hold an e-mail address (docs/operations.md#metrics).
//
// This runs on every request, so it does as little as it can there: a route's pattern is known when
// the route is declared, so each route gets its own hook holding that pattern and its series, bound
// once per method and status class (no labels object made and no routeOptions built per request,
// docs/decisions/0022-the-fast-path-on-public-apis.md).
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration, httpRequests, statusClassOf } from './metrics.ts';

interface Series {
  count: { inc(): void };
  duration: { observe(seconds: number): void };
}

/** The series of one route pattern: per method, per status class (1xx … 5xx at index 1 … 5). */
function seriesOf(route: string) {
  const byMethod = new Map<string, Series[]>();
  return (method: string, statusCode: number): Series => {
    let byClass = byMethod.get(method);
    if (!byClass) {
      byClass = [];
      byMethod.set(method, byClass);
    }
    const index = Math.floor(statusCode / 100);
    let series = byClass[index];
    if (!series) {
      const labels = { method, route, status_class: statusClassOf(statusCode) };
      series = { count: httpRequests.labels(labels), duration: httpRequestDuration.labels(labels) };
      byClass[index] = series;
    }
    return series;
  };
}

function recorderFor(route: string) {
  const series = seriesOf(route);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const s = series(request.method, reply.statusCode);
    s.count.inc();
    s.duration.observe(reply.elapsedTime / 1000);
  };
}

/** The hooks this plugin gave routes; a HEAD route copies its GET route's hooks and must not get a second. */
const ours = new WeakSet<onResponseHookHandler>();

function httpMetricsPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const present = route.onResponse === undefined ? [] : [route.onResponse].flat();
    if (present.some((hook) => ours.has(hook))) return;
    const record = recorderFor(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      record(request, reply);
      done();
    };
    ours.add(hook);
    route.onResponse = [...present, hook];
  });
  // Answers no route matched (the not-found handler, an address the router refused) share one series:
  // a scanner trying paths must not create one per path.
  const unmatched = recorderFor('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply);
    done();
  });
}

export default fp(httpMetricsPlugin, { name: 'http-metrics' });
