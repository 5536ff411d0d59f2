// A merchant's server calls with the same API key request after request; looking the key up each time
// was one statement of every saved-card charge (docs/benchmarks.md#saved-cards-beside-the-checkout-payment).
// So each process keeps a verified key for a few seconds, by the keyed hash of its secret (never the
// secret itself). A delete or roll of a key, and every change of a merchant (blocked, removed, hub
// status), is announced as a change of that merchant (lib/cache-invalidation.ts): every process drops
// its verified keys at once, as it drops its checkout details. The keys go by the details cache's
// generation, so a drop of any kind drops them too (a few lookups more, never a stale key), and on
// PostgreSQL they are kept only while this process is listening for those announcements.
import type { Database } from '../../db/client.ts';
import { detailsCacheOf } from '../../lib/details-cache.ts';
import type { findKeyBySecretHash } from './api-keys.queries.ts';

export const VERIFIED_KEY_TTL_MS = 5_000;
const MAX_KEYS = 1_000;

export type VerifiedKey = NonNullable<Awaited<ReturnType<typeof findKeyBySecretHash>>>;

interface Kept {
  key: VerifiedKey;
  /** The details cache's generation when the key was read: any drop since makes it stale. */
  generation: number;
  keptUntil: number;
}

// One per opened database, as the details cache: two apps in one test stand for two processes.
const kept = new WeakMap<Database, Map<string, Kept>>();

const keysOf = (database: Database) => {
  let keys = kept.get(database);
  if (!keys) {
    keys = new Map();
    kept.set(database, keys);
  }
  return keys;
};

/** The key verified by this secret hash a moment ago, still live at `now`; undefined to look it up. */
export function recentlyVerified(database: Database, secretHash: string, now: Date): VerifiedKey | undefined {
  const keys = keysOf(database);
  const hit = keys.get(secretHash);
  if (!hit) return undefined;
  const cache = detailsCacheOf(database);
  const expired = hit.key.expiresAt !== null && hit.key.expiresAt <= now;
  if (!cache.isOn || hit.generation !== cache.generation || hit.keptUntil <= now.getTime() || expired) {
    keys.delete(secretHash);
    return undefined;
  }
  return hit.key;
}

/** The generation to read a key under: keepVerified stores it only if nothing was dropped meanwhile. */
export const verifiedKeysGeneration = (database: Database) => detailsCacheOf(database).generation;

export function keepVerified(database: Database, secretHash: string, key: VerifiedKey, generation: number, now: Date) {
  const cache = detailsCacheOf(database);
  if (!cache.isOn || cache.generation !== generation) return;
  const keys = keysOf(database);
  if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
  keys.set(secretHash, { key, generation, keptUntil: now.getTime() + VERIFIED_KEY_TTL_MS });
}
