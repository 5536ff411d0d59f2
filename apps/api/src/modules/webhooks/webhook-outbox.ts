// The transactional outbox: an event and one delivery per subscribed endpoint are committed with the
// change they announce, or not at all.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import {
  findSubscribedEndpointIds,
  insertEventsWithDeliveries,
  insertEventWithDeliveries,
  paymentOutcomeEndpointsSql,
  subscribedEndpointIdsSql,
} from './webhooks.queries.ts';

/** The endpoints a payment event goes to, as SQL read inside the payment's own settle statement. */
export const listeningEndpointIdsSql = (...of: Parameters<typeof subscribedEndpointIdsSql>) =>
  subscribedEndpointIdsSql(...of);

/** Whether anyone may listen to the merchant's payment outcomes, as SQL read inside another statement. */
export const hasPaymentOutcomeListenerSql = (...of: Parameters<typeof paymentOutcomeEndpointsSql>) =>
  paymentOutcomeEndpointsSql(...of);

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

/** One event of a batch for recordWebhookEvents: its endpoints looked up by the caller. */
export interface BatchEvent {
  owner: EventOwner;
  type: WebhookEventType;
  data: unknown;
  at: Date;
  endpointIds: string[];
}

/**
 * recordWebhookEvent for many events at once, in `db`'s transaction: two statements however many events
 * (none when no endpoint listens to any), written in the order given.
 */
export async function recordWebhookEvents(db: DbOrTx, events: BatchEvent[]): Promise<void> {
  await insertEventsWithDeliveries(
    db,
    events
      .filter((e) => e.endpointIds.length > 0)
      .map(({ owner, type, data, at, endpointIds }) => ({
        merchantId: owner.merchantId,
        type,
        body: JSON.stringify({ type, mode: owner.mode, timestamp: at.toISOString(), data }),
        at,
        endpointIds,
      })),
  );
}
