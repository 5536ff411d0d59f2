// GET /metrics on a port of its own (KASSA_METRICS_PORT), never on the public one: the numbers say
// how much a platform sells and how its processors fare, which is for its operators only. A plain
// node:http server, so a scrape does not pass the public app's hooks, limits and logs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/client.ts';
import { registry, startProcessMetrics } from './metrics.ts';
import { queueGaugesReader } from './queue-gauges.ts';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  host: string;
  port: number;
  database: Database;
}): Promise<MetricsServer> {
  startProcessMetrics();
  const refreshQueues = queueGaugesReader(options.database);
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: metrics are at /metrics\n');
      return;
    }
    refreshQueues()
      .then(() => registry.metrics())
      .then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n'),
      );
  });
  // Scrapes are short; a client that holds a connection open must not keep the process from exiting.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
