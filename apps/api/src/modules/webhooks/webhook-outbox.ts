// The transactional outbox: an event and one delivery per subscribed endpoint are committed with the
// change they announce, or not at all.
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import { findSubscribedEndpointIds, insertEventWithDeliveries } from './webhooks.queries.ts';

export { paymentOutcomeEndpointsSql, subscribedEndpointIdsSql } from './webhooks.queries.ts';

/** The merchant's enabled endpoints that take `type`. */
export const subscribedEndpointIds = findSubscribedEndpointIds;

/**
 * Writes one event and a delivery to every enabled endpoint of the merchant subscribed to its type,
 * in `db`'s transaction. Nothing is written when no endpoint listens. Returns the event id, if any.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  db: DbOrTx,
  merchantId: string,
  type: T,
  data: unknown,
  at: Date = new Date(),
  /** The subscribed endpoints when the caller has looked them up already. */
  knownEndpointIds?: string[],
): Promise<string | null> {
  const endpointIds = knownEndpointIds ?? (await findSubscribedEndpointIds(db, merchantId, type));
  if (endpointIds.length === 0) return null;
  const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
  return (await insertEventWithDeliveries(db, { merchantId, type, body, at }, endpointIds)).eventId;
}
