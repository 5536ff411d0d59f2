// Checkout pages are the hottest public reads: a shared link can bring many buyers at once. Product
// and quick-payment details are cached for a few seconds per process, as the response body already
// checked against its schema and serialised, so a hit costs neither a query nor a validation.
// Amounts are never read from here — the checkout session recomputes them from the database — so a
// stale entry can only show an edit up to DETAILS_TTL_MS late; the process that made the edit drops
// its entry at once.
import type { ZodType } from 'zod';

export const DETAILS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { body: string; expiresAt: number }>();

/** The success envelope around `load()`'s result, as JSON text. */
export async function cachedDetailsJson<T>(id: string, now: number, schema: ZodType<T>, load: () => Promise<T>) {
  const hit = entries.get(id);
  if (hit && hit.expiresAt > now) return hit.body;
  const result = schema.parse(await load());
  const body = JSON.stringify({ status: 'success', result });
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(id, { body, expiresAt: now + DETAILS_TTL_MS });
  return body;
}

/** Called by the products and quick-payments services after an edit or delete. */
export function forgetCheckoutDetails(id: string) {
  entries.delete(id);
}
