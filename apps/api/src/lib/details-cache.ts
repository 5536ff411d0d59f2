// Checkout pages are the hottest public reads: a shared link can bring many buyers at once. Product
// and quick-payment details are cached per process, as the response body already checked against its
// schema and serialised, so a hit costs neither a query nor a validation. Amounts are never read from
// here — the checkout session recomputes them from the database.
//
// An edit drops the entry at once in every process (lib/cache-invalidation.ts): directly with the
// embedded database (one process), through PostgreSQL LISTEN/NOTIFY otherwise. On PostgreSQL the
// cache is on only while this process is listening, since a change it cannot hear about would be
// served stale; DETAILS_TTL_MS only bounds how long an entry no one edits is kept.
import type { ZodType } from 'zod';
import type { Database } from '../db/client.ts';

export const DETAILS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface DetailsCache {
  entries: Map<string, { body: string; expiresAt: number }>;
  /** False on PostgreSQL while no LISTEN connection is up: every read goes to the database. */
  isOn: boolean;
  /** Counts the drops, so a read that loaded before a drop does not store what it loaded after it. */
  generation: number;
}

// One cache per opened database: an app (and its pool) is what a process is, and two apps in one test
// must not share entries, as two processes do not.
const caches = new WeakMap<Database, DetailsCache>();

export function detailsCacheOf(database: Database): DetailsCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = { entries: new Map(), isOn: database.kind !== 'postgres', generation: 0 };
    caches.set(database, cache);
  }
  return cache;
}

/** The success envelope around `load()`'s result, as JSON text. */
export async function cachedDetailsJson<T>(
  database: Database,
  id: string,
  now: number,
  schema: ZodType<T>,
  load: () => Promise<T>,
) {
  const cache = detailsCacheOf(database);
  const hit = cache.entries.get(id);
  if (hit && hit.expiresAt > now) return hit.body;
  const generation = cache.generation;
  const result = schema.parse(await load());
  const body = JSON.stringify({ status: 'success', result });
  // Checked after the load: a change may have been announced, or the listener lost, while it ran.
  if (!cache.isOn || cache.generation !== generation) return body;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(id, { body, expiresAt: now + DETAILS_TTL_MS });
  return body;
}
