// Browser flows that must hold on both databases the server runs on: the same tests against a demo
// server on the embedded PGlite of a fresh data dir, then — when DATABASE_URL is set, as CI sets it —
// against one on a fresh PostgreSQL database of that server, made before the demo loads and dropped
// once the server has stopped, so no run sees another's data and none is left behind.
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { adminUrl, withDatabase } from '../../apps/api/test/pg-url.ts';
import type { UseBrowserOptions } from './browser.ts';
import { describeOnPostgres } from './process-group.ts';
import { describeBrowser, useDemoSuite } from './suite.ts';

export type DemoSuite = ReturnType<typeof useDemoSuite>;

export interface EachDatabaseOptions {
  /** Names the PostgreSQL database, `kassa_<name>_<pid>`: letters, digits and underscores. */
  name: string;
  browser?: UseBrowserOptions;
}

/** `body` registers the tests on the suite it is given; it runs once per database. */
export function describeBrowserOnEachDatabase(
  title: string,
  opts: EachDatabaseOptions,
  body: (suite: DemoSuite) => void,
) {
  describeBrowser(title, () => {
    describe('on PGlite', () => body(useDemoSuite(opts.browser)));

    describeOnPostgres('on PostgreSQL', () => {
      // Read while vitest collects the tests, also when the suite is skipped for want of it.
      const base = process.env.DATABASE_URL ?? '';
      const dbName = `kassa_${opts.name}_${process.pid}`;
      const admin = async (...statements: string[]) => {
        const db = await openDatabase({ url: adminUrl(base) });
        try {
          for (const sql of statements) await db.query(sql);
        } finally {
          await db.close();
        }
      };
      // Registered before the suite's own hooks: the database exists before its server starts, and
      // (vitest runs after-hooks in reverse by default) is dropped only after that server has stopped.
      beforeAll(() => admin(`drop database if exists ${dbName} with (force)`, `create database ${dbName}`));
      afterAll(() => admin(`drop database if exists ${dbName} with (force)`));
      body(
        useDemoSuite(opts.browser, {
          // The server is alone on its database, and the browser follows the links it mails.
          ownPublicUrl: true,
          env: {
            DATABASE_URL: base ? withDatabase(base, dbName) : '',
            // As a PostgreSQL deployment runs: the root secret in the settings, not in one data dir.
            KASSA_SECRET_KEY: `${opts.name}-e2e-root-secret-0123456789abcdef`,
          },
        }),
      );
    });
  });
}
