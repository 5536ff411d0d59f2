// `npm start`: migrate, create the first admin, serve the API and the built web app on one port.
// V8 settings go on the start command (package.json), not into the process at run time
// (docs/decisions/0020-the-api-process-on-a-small-machine.md).
import { join } from 'node:path';
import { readConfig } from './config.ts';
import type { AppContext, Lifecycle } from './context.ts';
import { openDatabase } from './db/client.ts';
import { databaseTarget } from './db/database-target.ts';
import { serverLogger } from './lib/log-redaction.ts';
import { exitOnRefusal } from './lib/startup-refusal.ts';
import type { MetricsServer } from './observability/metrics-server.ts';
import { shutDownTelemetry } from './observability/telemetry-shutdown.ts';
import { REPO_ROOT } from './paths.ts';
import { installProcessGuards } from './process-guards.ts';
import { shutDownWithin } from './shutdown.ts';

const config = readConfig();
// The database starts opening before the rest of the API's modules load, and both go on together: on
// PGlite, compiling its WebAssembly and starting PostgreSQL on the data dir take about as long as
// loading the routes (docs/operations.md#start-time). Its errors (another process holds the data
// dir) are met where createContext awaits it; the empty catch only keeps them from counting as
// unhandled while the modules are still loading.
const opening = openDatabase(databaseTarget(config));
opening.catch(() => {});
const [
  { buildApp },
  { createContext, outboxDir },
  { startBackgroundJobs },
  { ensureFirstAdmin },
  { startMetricsServer },
] = await Promise.all([
  import('./app.ts'),
  import('./bootstrap.ts'),
  import('./jobs/background-jobs.ts'),
  import('./modules/users/first-admin.service.ts'),
  import('./observability/metrics-server.ts'),
]);
let admin = null as Awaited<ReturnType<typeof ensureFirstAdmin>>;
const lifecycle: Lifecycle = { draining: false };
const ctx: AppContext = {
  ...(await createContext(config, {
    opening,
    // With the start-up lock held: processes starting together on an empty database create one admin.
    atStartUp: async (database) => {
      admin = await ensureFirstAdmin(database.db, config.adminEmail, config.adminPassword);
    },
    onSettingsChanged: (names) => console.log(`  ${names.join(' and ')} changed since the last start.`),
    onImagesCopied: (count) => console.log(`  Copied ${count} uploaded image(s) from the data dir into PostgreSQL.`),
  }).catch(exitOnRefusal)),
  lifecycle,
};
const webDist = join(REPO_ROOT, 'apps/web/dist');
const app = await buildApp(ctx, {
  webDist,
  logger: serverLogger(config.logLevel),
});

installProcessGuards(app.log);

const stopJobs = await startBackgroundJobs(ctx, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

// Set once the API listens (below); closed with the API when the process drains.
let metrics: MetricsServer | null = null;

// Draining (docs/ARCHITECTURE.md#processes-in-production): /health/ready answers 503 from now on; on
// SIGTERM the process keeps serving for KASSA_DRAIN_DELAY_MS while a load balancer sees that and
// moves away (closing the socket at once would reset connections still queued to it). Then the
// listening socket closes, requests in flight and the workers' claimed batches finish, and the
// database closes. Ctrl+C (SIGINT) skips the delay: no balancer sits in front of a terminal.
const shutdown = async (signal: NodeJS.Signals) => {
  lifecycle.draining = true;
  if (signal === 'SIGTERM' && config.drainDelayMs > 0) {
    app.log.info(`SIGTERM: draining; new connections are refused in ${config.drainDelayMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
  }
  const finished = await shutDownWithin(
    config.shutdownTimeoutMs,
    [
      {
        name: 'finishing the requests in flight and the workers',
        run: () => Promise.all([app.close(), stopJobs(), metrics?.close()]),
      },
      { name: 'closing the database', run: () => ctx.database.close() },
      { name: 'sending the last traces', run: shutDownTelemetry },
    ],
    (msg, err) => (err ? app.log.error({ err }, msg) : app.log.warn(msg)),
  );
  process.exit(finished ? 0 : 1);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
// A metrics port already taken (two processes on one host, same setting) leaves this process serving
// payments without metrics: Prometheus then shows the target down, which is what an operator watches.
metrics =
  config.metricsPort === null
    ? null
    : await startMetricsServer({ host: config.host, port: config.metricsPort, database: ctx.database }).catch(
        (err: Error) => {
          app.log.error(`Metrics are not served: port ${config.metricsPort} on ${config.host}: ${err.message}`);
          return null;
        },
      );
const lines = [
  '',
  `  Kassa is running at ${config.publicUrl}`,
  `  Database: ${ctx.database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${join(config.dataDir, 'pglite')}`}`,
  config.smtpUrl ? '  Mail: SMTP' : `  Mail: written to ${outboxDir(config)} (one-time codes and links are there)`,
];
if (metrics) lines.push(`  Metrics: http://${config.host}:${metrics.port}/metrics`);
if (admin) {
  lines.push(
    `  First admin: ${admin.email}`,
    `  Password:    ${admin.password}${admin.generated ? '   (generated; shown only now)' : ''}`,
  );
}
if (!config.otpEnabled) app.log.warn('KASSA_OTP=off: sign-in skips the one-time code. Use only for local demos.');
console.log(`${lines.join('\n')}\n`);
