// Checkout pages are the hottest public reads: a shared link can bring many buyers at once. Product
// and quick-payment details are cached for a few seconds per process. Amounts are never read from
// here — the checkout session recomputes them from the database — so a stale entry can only show an
// edit up to DETAILS_TTL_MS late; the process that made the edit drops its entry at once.
import type { ProductCheckoutDetails, QuickPaymentCheckoutDetails } from '@kassa/contract/checkout';

export const DETAILS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Details = ProductCheckoutDetails | QuickPaymentCheckoutDetails;
const entries = new Map<string, { value: Details; expiresAt: number }>();

export async function cachedDetails<T extends Details>(id: string, now: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(id);
  if (hit && hit.expiresAt > now) return hit.value as T;
  const value = await load();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(id, { value, expiresAt: now + DETAILS_TTL_MS });
  return value;
}

/** Called by the products and quick-payments services after an edit or delete. */
export function forgetCheckoutDetails(id: string) {
  entries.delete(id);
}
