// Which database a config names: PostgreSQL at DATABASE_URL, else PGlite in the data dir. Kept apart
// from bootstrap.ts so that server.ts can start opening it before the rest of the API's modules load
// (docs/operations.md#start-time).
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseTarget } from './client.ts';

export const databaseTarget = (config: Config): DatabaseTarget =>
  config.databaseUrl
    ? {
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      }
    : { pgliteDir: join(config.dataDir, 'pglite') };
