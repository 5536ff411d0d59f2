// What a locked attempt of this process last read of a merchant's standing (may it sell, its enabled
// connections), for attempts recorded in one statement (fast-attempt.ts). Never trusted on its own:
// that statement goes ahead only while the database gives the same fingerprint, so a stale entry costs
// one refused statement and a locked attempt, never a payment decided on old facts.
import type { Database } from '../../db/client.ts';
import type { PaymentStanding } from './merchant-standing.queries.ts';

const MAX_MERCHANTS = 10_000;

// One per opened database, as the other per-process caches: two apps in one test stand for two processes.
const seen = new WeakMap<Database, Map<string, PaymentStanding>>();

const standingsOf = (database: Database) => {
  let standings = seen.get(database);
  if (!standings) {
    standings = new Map();
    seen.set(database, standings);
  }
  return standings;
};

export const seenStanding = (database: Database, merchantId: string) => standingsOf(database).get(merchantId);

export function keepStanding(database: Database, merchantId: string, standing: PaymentStanding) {
  const standings = standingsOf(database);
  // Oldest first out: a Map keeps insertion order, and a merchant read again goes to the end.
  standings.delete(merchantId);
  if (standings.size >= MAX_MERCHANTS) standings.delete(standings.keys().next().value!);
  standings.set(merchantId, standing);
}

export const forgetStanding = (database: Database, merchantId: string) => standingsOf(database).delete(merchantId);
