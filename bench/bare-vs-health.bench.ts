// How much of a bare Fastify JSON route the API's health check keeps: the same JSON from memory on a
// plain Fastify instance against GET /apiv1/health/ (two database round trips) through the whole app
// — security headers, cookies, compression, auth hook — on the bench database.
import Fastify from 'fastify';
import { measureLoad } from './support/autocannon.ts';
import { metric } from './support/metric.ts';
import { startBenchApi } from './support/server.ts';

const HEALTHY = { status: 'success', result: { database: 'ok', migrations: 'current' } };
const DURATION_SEC = 2;

async function measure(url: string) {
  await measureLoad({ url, durationSec: 0.5 }); // warm-up: JIT and connection pool
  const result = await measureLoad({ url, durationSec: DURATION_SEC });
  if (result.failures > 0) throw new Error(`${url}: ${result.failures} failed requests`);
  return result;
}

export async function run() {
  const bare = Fastify({ logger: false });
  bare.get('/health', async () => HEALTHY);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareResult = await measure(`${bareUrl}/health`).finally(() => bare.close());

  const api = await startBenchApi();
  const healthResult = await measure(`${api.url}/apiv1/health/`).finally(() => api.close());

  return [
    metric('bare Fastify JSON route', bareResult.requestsPerSec, 'req/s'),
    metric(`GET /apiv1/health/ (${api.database})`, healthResult.requestsPerSec, 'req/s'),
    metric('GET /apiv1/health/ p95', healthResult.p95Ms, 'ms'),
    metric('health ÷ bare', healthResult.requestsPerSec / bareResult.requestsPerSec, 'ratio'),
  ];
}
