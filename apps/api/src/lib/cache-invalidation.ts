// Every process caches checkout details (lib/details-cache.ts); an edit in one must reach the caches of
// all (docs/ARCHITECTURE.md#scaling-out). On PostgreSQL the write and a NOTIFY on kassa_cache share one
// transaction — PostgreSQL delivers a notification at commit and drops it on rollback — and each process
// LISTENs on a connection of its own. The embedded database is one process's: it drops the entry directly.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database, DatabaseSession, Tx } from '../db/client.ts';
import { detailsCacheOf } from './details-cache.ts';

export const CACHE_CHANNEL = 'kassa_cache';

/** A product or quick payment drops its own entry; a merchant (name, logo) drops them all — rare and cheap. */
export interface CacheChange {
  kind: 'product' | 'quick_payment' | 'merchant';
  id: string;
}

const payloadOf = (change: CacheChange) => `${change.kind}:${change.id}`;

function forget(database: Database, payload: string) {
  const cache = detailsCacheOf(database);
  cache.generation += 1;
  const [kind, id] = payload.split(':');
  if (kind === 'product' || kind === 'quick_payment') cache.entries.delete(id ?? '');
  else cache.entries.clear();
}

/**
 * Runs `write` in a transaction that also announces `change`, then drops this process's entry (its
 * own notification comes a round trip later). Returns what `write` returned.
 */
export async function writeAndAnnounce<T>(
  ctx: Pick<AppContext, 'database' | 'db'>,
  change: CacheChange,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  const payload = payloadOf(change);
  const result = await ctx.db.transaction(async (tx) => {
    const written = await write(tx);
    if (ctx.database.kind === 'postgres') await tx.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
    return written;
  });
  forget(ctx.database, payload);
  return result;
}

export interface CacheListener {
  /** Settles once the first attempt to listen succeeded or failed (a failure keeps retrying). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * Listens on a connection of its own outside the pool. While it is down the cache is off (every read
 * goes to the database) and it reconnects with a doubling delay; each new LISTEN clears the cache,
 * since changes announced while no one listened are lost.
 */
export function listenForCacheChanges(database: Database, warn: (message: string) => void): CacheListener {
  const cache = detailsCacheOf(database);
  let stopped = false;
  let session: DatabaseSession | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function attempt() {
    if (stopped || !database.session) return;
    let opened: DatabaseSession | null = null;
    try {
      opened = await database.session();
      const current = opened;
      current.onNotification((channel, payload) => {
        if (channel === CACHE_CHANNEL) forget(database, payload);
      });
      current.onEnd(() => {
        if (session !== current) return;
        session = null;
        cache.isOn = false;
        if (!stopped)
          warn(
            'Lost the cache-invalidation connection to PostgreSQL; checkout details are not cached until it is back.',
          );
        retry();
      });
      await current.query(`listen ${CACHE_CHANNEL}`);
      if (stopped) {
        await current.close();
        return;
      }
      session = current;
      cache.entries.clear();
      cache.generation += 1;
      cache.isOn = true;
      retryMs = FIRST_RETRY_MS;
    } catch (error) {
      await opened?.close().catch(() => {});
      warn(`Cannot listen for cache changes on PostgreSQL (${(error as Error).message}); retrying.`);
      retry();
    }
  }

  return {
    ready: attempt(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      cache.isOn = false;
      const current = session;
      session = null;
      await current?.close().catch(() => {});
    },
  };
}
