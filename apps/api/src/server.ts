// `npm start`: migrate, create the first admin, serve the API and the built web app on one port.
// V8 settings go on the start command (package.json), not into the process at run time
// (docs/decisions/0020-the-api-process-on-a-small-machine.md).
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { createContext, outboxDir } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import { serverLogger } from './lib/log-redaction.ts';
import { REPO_ROOT } from './paths.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.service.ts';
import { installProcessGuards } from './process-guards.ts';
import { shutDownWithin } from './shutdown.ts';

const config = readConfig();
const ctx = await createContext(config);
const admin = await ensureFirstAdmin(ctx.db, config.adminEmail, config.adminPassword);
const webDist = join(REPO_ROOT, 'apps/web/dist');
const app = await buildApp(ctx, {
  webDist,
  logger: serverLogger(config.logLevel),
});

installProcessGuards(app.log);

const stopJobs = await startBackgroundJobs(ctx, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

const shutdown = async () => {
  const finished = await shutDownWithin(
    config.shutdownTimeoutMs,
    [
      { name: 'stopping the workers', run: stopJobs },
      { name: 'closing the HTTP server', run: () => app.close() },
      { name: 'closing the database', run: () => ctx.database.close() },
    ],
    (msg, err) => (err ? app.log.error({ err }, msg) : app.log.warn(msg)),
  );
  process.exit(finished ? 0 : 1);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const lines = [
  '',
  `  Kassa is running at ${config.publicUrl}`,
  `  Database: ${ctx.database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${join(config.dataDir, 'pglite')}`}`,
  config.smtpUrl ? '  Mail: SMTP' : `  Mail: written to ${outboxDir(config)} (one-time codes and links are there)`,
];
if (admin) {
  lines.push(
    `  First admin: ${admin.email}`,
    `  Password:    ${admin.password}${admin.generated ? '   (generated; shown only now)' : ''}`,
  );
}
if (!config.otpEnabled) app.log.warn('KASSA_OTP=off: sign-in skips the one-time code. Use only for local demos.');
console.log(`${lines.join('\n')}\n`);
