// The transactional outbox: an event and one delivery per subscribed endpoint are committed with the
// change they announce, or not at all.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import { findSubscribedEndpointIds, insertEventWithDeliveries } from './webhooks.queries.ts';

export { paymentOutcomeEndpointsSql, subscribedEndpointIdsSql } from './webhooks.queries.ts';

/** The merchant's enabled endpoints that take `type` (of `mode`, or of either mode when not given). */
export const subscribedEndpointIds = findSubscribedEndpointIds;

/** Whose event it is: the merchant's, about test-mode or live money. */
export interface EventOwner {
  merchantId: string;
  mode: PaymentModeName;
}

/**
 * Writes one event and a delivery to every enabled endpoint of the merchant and of the event's mode
 * subscribed to its type, in `db`'s transaction: test-mode money is never announced to a live
 * endpoint, nor live money to a test one (an endpoint made with a test key). Nothing is written when
 * no endpoint listens. Returns the event id, if any.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  db: DbOrTx,
  owner: EventOwner,
  type: T,
  data: unknown,
  at: Date = new Date(),
  /** The subscribed endpoints of the event's mode when the caller has looked them up already. */
  knownEndpointIds?: string[],
): Promise<string | null> {
  const { merchantId, mode } = owner;
  const endpointIds = knownEndpointIds ?? (await findSubscribedEndpointIds(db, merchantId, type, mode));
  if (endpointIds.length === 0) return null;
  const body = JSON.stringify({ type, mode, timestamp: at.toISOString(), data });
  return (await insertEventWithDeliveries(db, { merchantId, type, body, at }, endpointIds)).eventId;
}
