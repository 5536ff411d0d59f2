// The payment's fast path uses only public APIs of drizzle-orm and pg, but it relies on how they
// behave, which a release may change without a type error (docs/decisions/0022-the-fast-path-on-public-apis.md).
// When the installed version is not the one the path was verified with, this fails and names what to
// re-check, with the tests that check it on PostgreSQL, before the version is written here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * The version of the package the API resolves `name` to (drizzle-orm does not export its package.json);
 * pg-pool as pg itself resolves it.
 */
function installed(name: string): string {
  const from = name === 'pg-pool' ? createRequire(require.resolve('pg')) : require;
  for (let dir = dirname(from.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (manifest.name === name) return manifest.version;
    } catch {
      // No package.json at this level: look one up.
    }
  }
  throw new Error(`No package.json found for ${name}`);
}

const VERIFIED: Record<string, { version: string; recheck: string }> = {
  'drizzle-orm': {
    version: '0.45.4',
    recheck:
      'fixedStatement (db/fixed-statement.ts): .prepare(name) still builds the text once and execute() maps a null-free ' +
      'placeholder through the column encoder; transactionOnPool (db/node-pg-database.ts): transaction() on a ' +
      'checked-out client (not a Pool) still sends BEGIN/COMMIT/ROLLBACK on it and neither takes nor releases it — ' +
      'and whether drizzle.transaction on a pool still leaks its connection when BEGIN fails (decision 0019); ' +
      'then run db/*.api.test.ts and charges/connection-storm.api.test.ts on PostgreSQL',
  },
  pg: {
    version: '8.23.1',
    recheck:
      'PipelineClient (db/pipeline-client.ts): the `stream` option is still the socket written to, and a statement ' +
      'refused on the spot is still reported before query() returns; pipelinedTransaction and commitWithLast ' +
      '(db/pipelined-transaction.ts): with `pipeline: true` a statement is still written as soon as it is issued; ' +
      'SharingPool (db/sharing-pool.ts): each shared connection a PipelineClient built from the pool config ' +
      'with `pipeline: true`, its query_timeout running from query(); ' +
      'then run db/pipelined-transaction.api.test.ts and db/sharing-pool.api.test.ts on PostgreSQL',
  },
  // pg's Pool is this package, which pg takes as a range: pinned here as the rest.
  'pg-pool': {
    version: '3.14.0',
    recheck:
      'SharingPool (db/sharing-pool.ts): a subclass of pg.Pool still sees every pool.query() through its `query` ' +
      '(the statements of fixed text it sends on its shared connections, the rest passed to super.query), ' +
      'and `end` and the `Client` option still behave as documented; ' +
      'then run db/sharing-pool.api.test.ts and db/database-outage.api.test.ts on PostgreSQL',
  },
};

describe('the drivers the fast path was verified with', () => {
  for (const [name, { version, recheck }] of Object.entries(VERIFIED)) {
    it(`${name} is ${version}`, () => {
      const found = installed(name);
      expect(
        found,
        `${name} ${found} is installed, the fast path was verified with ${version}. Re-check ${recheck}.`,
      ).toBe(version);
    });
  }
});
