import { ROLE } from '@kassa/contract/access';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

// ---- events and their fan-out -------------------------------------------------------------------

/** The event types a payment's outcome is announced with. */
const PAYMENT_OUTCOME_EVENTS = ['payment.succeeded', 'payment.failed'] as const;

type Mode = EndpointRow['mode'];

/**
 * The merchant's enabled endpoints of `mode` that take any of `types` (an endpoint without a list
 * takes every type); without a mode, those of both modes.
 */
const endpointsTaking = (
  merchantId: SQLWrapper | string,
  mode: SQLWrapper | Mode | undefined,
  types: readonly string[],
) =>
  and(
    eq(webhookEndpoints.merchantId, merchantId),
    mode === undefined ? undefined : eq(webhookEndpoints.mode, mode),
    eq(webhookEndpoints.enabled, true),
    or(
      isNull(webhookEndpoints.eventTypes),
      sql`${webhookEndpoints.eventTypes} && array[${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )}]::text[]`,
    ),
  );

/**
 * The merchant's enabled endpoints of the payment's mode that take `type`, as an SQL array to read
 * inside another statement (a payment's settle lock reads them in the same round trip).
 */
export const subscribedEndpointIdsSql = (merchantId: SQLWrapper, mode: SQLWrapper, type: string) =>
  sql<
    string[]
  >`array(select ${webhookEndpoints.id} from ${webhookEndpoints} where ${endpointsTaking(merchantId, mode, [type])})`;

/**
 * Whether the merchant has an enabled endpoint for a payment's outcome, read inside another statement
 * before the payment's mode is known: of either mode, so it may say yes for an endpoint of the other
 * mode (the payment then only takes the locked way, which reads the endpoints of its own mode).
 */
export const paymentOutcomeEndpointsSql = (merchantId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${endpointsTaking(merchantId, undefined, PAYMENT_OUTCOME_EVENTS)})`;

/** The merchant's enabled endpoints that take `type`: of `mode`, or of either mode when it is not known yet. */
export async function findSubscribedEndpointIds(db: DbOrTx, merchantId: string, type: string, mode?: Mode) {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(endpointsTaking(merchantId, mode, [type]));
  return rows.map((r) => r.id);
}

/**
 * Several events, each with a delivery to each of its endpoints, in two statements whatever their
 * number (a batch of renewals); the events' ids are made here so the deliveries can name them.
 */
export async function insertEventsWithDeliveries(
  db: DbOrTx,
  events: { merchantId: string; type: string; body: string; at: Date; endpointIds: string[] }[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const ids = events.map(() => crypto.randomUUID());
  await db
    .insert(webhookEvents)
    .values(
      events.map((e, i) => ({ id: ids[i]!, merchantId: e.merchantId, type: e.type, body: e.body, createdAt: e.at })),
    );
  await db.insert(webhookDeliveries).values(
    events.flatMap((e, i) =>
      e.endpointIds.map((endpointId) => ({
        merchantId: e.merchantId,
        eventId: ids[i]!,
        endpointId,
        nextAttemptAt: e.at,
        createdAt: e.at,
        updatedAt: e.at,
      })),
    ),
  );
  return ids;
}

/**
 * For each of `types`, the merchant's enabled endpoints of `mode` that take it, in one read (a batch
 * that writes events of several types looks them up once).
 */
export async function findSubscribedEndpointIdsByType(db: DbOrTx, merchantId: string, types: string[], mode: Mode) {
  const rows = await db
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(endpointsTaking(merchantId, mode, types));
  return new Map(
    types.map((type) => [
      type,
      rows.filter((r) => r.eventTypes === null || r.eventTypes.includes(type)).map((r) => r.id),
    ]),
  );
}

export async function insertEventWithDeliveries(
  db: DbOrTx,
  event: { merchantId: string; type: string; body: string; at: Date },
  endpointIds: string[],
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const [row] = await db
    .insert(webhookEvents)
    .values({ merchantId: event.merchantId, type: event.type, body: event.body, createdAt: event.at })
    .returning({ id: webhookEvents.id });
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        merchantId: event.merchantId,
        eventId: row!.id,
        endpointId,
        nextAttemptAt: event.at,
        createdAt: event.at,
        updatedAt: event.at,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return { eventId: row!.id, deliveryIds: deliveries.map((d) => d.id) };
}

// ---- endpoints ----------------------------------------------------------------------------------

/** Whose endpoints a caller manages: its merchant's, and for an API key only those of the key's mode. */
export interface EndpointScope {
  merchantId: string;
  mode?: Mode;
}

const inScope = (scope: EndpointScope, id?: string) =>
  and(
    id === undefined ? undefined : eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.merchantId, scope.merchantId),
    scope.mode === undefined ? undefined : eq(webhookEndpoints.mode, scope.mode),
  );

export const listEndpointRows = (db: DbOrTx, scope: EndpointScope) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(inScope(scope))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));

export async function findEndpointRow(db: DbOrTx, scope: EndpointScope, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(inScope(scope, id)).limit(1);
  return row;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpointRow(
  db: DbOrTx,
  scope: EndpointScope,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db.update(webhookEndpoints).set(values).where(inScope(scope, id)).returning();
  return row;
}

export async function deleteEndpointRow(db: DbOrTx, scope: EndpointScope, id: string) {
  const rows = await db.delete(webhookEndpoints).where(inScope(scope, id)).returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

// ---- the delivery log ---------------------------------------------------------------------------

export async function listDeliveryRows(
  db: DbOrTx,
  endpointId: string,
  filter: { status?: DeliveryRow['status']; limit: number; offset: number },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDeliveryRow(db: DbOrTx, endpointId: string, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  return row;
}

export async function findAttemptRows(db: DbOrTx, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
}

/** Makes a delivery due now, whatever its state: a manual retry sends it once more. */
export async function requeueDelivery(db: DbOrTx, endpointId: string, id: string, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning({ id: webhookDeliveries.id });
  return row !== undefined;
}

// ---- the worker ---------------------------------------------------------------------------------

/**
 * Takes up to `limit` due deliveries of enabled endpoints. The rows are locked with SKIP LOCKED, so
 * workers never take the same row, and each claim pushes the row's due time out by the lease: a
 * worker that dies mid-attempt leaves the delivery to be tried again once the lease ends (at least
 * once), while a live one records its result long before.
 */
export async function claimDueDeliveries(db: DbOrTx, now: Date, leaseUntil: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(webhookEndpoints.enabled, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ attemptCount: sql`${webhookDeliveries.attemptCount} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** What an attempt needs: the exact body and the endpoint with its sealed secrets. */
export async function findDeliveryWork(db: DbOrTx, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({
      deliveryId: webhookDeliveries.id,
      eventId: webhookEvents.id,
      body: webhookEvents.body,
      endpoint: webhookEndpoints,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, deliveryIds));
}

export async function insertAttempt(db: DbOrTx, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

/**
 * Writes an attempt's result, unless the delivery was claimed again meanwhile (its lease ran out
 * and another worker took it): then that worker's result is the one that counts.
 */
export async function finishDelivery(
  db: DbOrTx,
  id: string,
  claimedAttempt: number,
  values: { status: DeliveryRow['status']; nextAttemptAt: Date | null; updatedAt: Date },
) {
  await db
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attemptCount, claimedAttempt)));
}

export async function markEndpointHealthy(db: DbOrTx, id: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
}

/**
 * Notes a failure and, when the endpoint has failed without a success since `failingSinceLimit`,
 * disables it. Returns the endpoint only to the one caller that disabled it, so one e-mail goes out.
 */
export async function markEndpointFailing(db: DbOrTx, id: string, now: Date, failingSinceLimit: Date, reason: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: now })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.failingSince)));
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, failingSinceLimit),
      ),
    )
    .returning();
  return disabled;
}

/** Turns an endpoint off now; returns it only to the caller that turned it off. */
export async function disableEndpoint(db: DbOrTx, id: string, now: Date, reason: string) {
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning();
  return disabled;
}

/** The merchant's active owners' addresses, each with the owner's profile language (docs/i18n.md). */
export async function findOwnerEmails(db: DbOrTx, merchantId: string) {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.role, ROLE.MERCHANT_OWNER), eq(users.isActive, true)));
}

export async function auditEndpoint(
  db: DbOrTx,
  entry: {
    actorUserId: string;
    actorRole: number;
    /** The API key the change was made with, if any. */
    apiKeyId?: string | null;
    merchantId: string;
    action: string;
    endpointId: string;
    data?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    apiKeyId: entry.apiKeyId ?? null,
    merchantId: entry.merchantId,
    action: entry.action,
    entityType: 'webhook_endpoint',
    entityId: entry.endpointId,
    data: entry.data ?? null,
  });
}
