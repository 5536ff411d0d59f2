// The floor of a payment path: the SQL one payment sends in this run, captured at the driver from the
// real code path (sql-capture.ts) with every row that exists before it a fixture, and replayed straight
// from the bench process (sql-replay.ts). On PostgreSQL the replays go through a `pg` pool of their
// own, one connection per client kept open and pipelined as the API's pool; on PGlite through the
// server's own PGlite (one connection).
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PipelineClient } from '../../apps/api/src/db/pipeline-client.ts';
import { atRate, closedLoop, Tally } from './loops.ts';
import type { BenchApi } from './server.ts';
import { captureSql } from './sql-capture.ts';
import { countScript, type PaymentScript, type ReplayTarget, replayer, toScript } from './sql-replay.ts';

/** The rows that exist before a payment, by name (sql-replay.ts). */
export type Fixtures = Record<string, string>;

/** One `pay` captured as a script, with its statement and commit counts. */
export async function captureScript(pay: () => Promise<unknown>, fixtures: Fixtures, source: string) {
  const capturedAt = Date.now();
  const { statements } = await captureSql(pay);
  const script = toScript(statements, fixtures, capturedAt, source);
  return { script, counts: countScript(script) };
}

/** Where the replays run, for up to `clients` at once; `close` ends the replays' own connections. */
export function floorTarget(api: BenchApi, clients: number) {
  // Idle connections stay open until the replays are over: pg closes them after 10 s by default, and
  // 32 backends exiting at once stall a small machine in the middle of a Kassa measurement.
  const pool =
    api.database === 'postgres'
      ? new pg.Pool({
          connectionString: api.ctx.config.databaseUrl,
          max: clients,
          idleTimeoutMillis: 0,
          pipeline: true,
          Client: PipelineClient,
        })
      : undefined;
  const target: ReplayTarget = pool
    ? { kind: 'pg', pool }
    : { kind: 'pglite', client: (api.ctx.db as unknown as { $client: PGlite }).$client };
  let closed = false;
  return {
    /** One payment of `script` a call; given several fixture sets, each set's rows in turn. */
    replay(script: PaymentScript, fixtures: Fixtures | readonly Fixtures[]) {
      const each = (Array.isArray(fixtures) ? fixtures : [fixtures]).map((set: Fixtures) =>
        replayer(target, script, set),
      );
      let next = 0;
      return () => each[next++ % each.length]!();
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool?.end();
    },
  };
}

/**
 * The floor held at `ratePerSec` in an open loop for `durationMs`, on as many connections as the API
 * opens (its pool and the shared ones): what the database alone gives at the rate Kassa's p99 is
 * measured at, so that a run tells Kassa's own tail from the machine's (docs/benchmarks.md).
 */
export async function floorAtRate(
  api: BenchApi,
  script: PaymentScript,
  fixtures: Fixtures | readonly Fixtures[],
  ratePerSec: number,
  durationMs: number,
) {
  const poolSize = api.ctx.config.databasePoolSize;
  const replays = floorTarget(api, poolSize + api.built.sharedConnectionsFor(poolSize));
  try {
    const floor = replays.replay(script, fixtures);
    await closedLoop(floor, 8, 2000);
    const tally = new Tally();
    tally.add(await atRate(floor, ratePerSec, durationMs));
    return tally;
  } finally {
    await replays.close();
  }
}
