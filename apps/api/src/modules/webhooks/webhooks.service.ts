// Webhook endpoints and the transactional outbox they read from: the module's face. Other modules
// write events through recordWebhookEvent and the payment events re-exported below, inside their own
// database transaction (webhook-outbox.ts); the worker (webhooks.worker.ts) sends them later.
import {
  type createWebhookEndpointBody,
  type updateWebhookEndpointBody,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type webhookDeliveryQuery,
  type webhookEndpointQuery,
} from '@kassa/contract/webhooks';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, businessRule, forbidden, notFound } from '../../lib/app-error.ts';
import { HOUR } from '../../lib/clock.ts';
import { pageOf } from '../../lib/db/list.ts';
import type { Keys } from '../../lib/keys.ts';
import { open, seal } from '../../lib/keys.ts';
import { checkWebhookUrl, WebhookUrlRefused } from '../../lib/ssrf-guard.ts';
import { requireWebhookManager } from './webhook-access.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  type AttemptRow,
  auditEndpoint,
  type DeliveryRow,
  deleteEndpointRow,
  type EndpointRow,
  type EndpointScope,
  findAttemptRows,
  findDeliveryRow,
  findEndpointRow,
  findSubscribedEndpointIds,
  findSubscribedEndpointIdsByType,
  insertEndpoint,
  insertEventWithDeliveries,
  listDeliveryRows,
  listEndpointRows,
  requeueDelivery,
  updateEndpointRow,
} from './webhooks.queries.ts';

export { webhookOpenApi } from './webhook-docs.ts';
export { type PaymentEvent, recordPaymentWebhook, recordRefundWebhook } from './webhook-events.ts';
export { resealWebhookSecrets } from './webhook-key-rotation.ts';

import type { EventOwner } from './webhook-outbox.ts';

export {
  type BatchEvent,
  type EventOwner,
  hasPaymentOutcomeListenerSql,
  listeningEndpointIdsSql,
  recordWebhookEvent,
  recordWebhookEvents,
} from './webhook-outbox.ts';

/** The endpoints of the merchant's `mode` that listen to `type`: none, and an event need not be built. */
export const endpointsListeningTo = (db: DbOrTx, owner: EventOwner, type: WebhookEventType) =>
  findSubscribedEndpointIds(db, owner.merchantId, type, owner.mode);

/** endpointsListeningTo for several types in one read: a map from each type to its endpoints. */
export const endpointsListeningToEach = (db: DbOrTx, owner: EventOwner, types: WebhookEventType[]) =>
  findSubscribedEndpointIdsByType(db, owner.merchantId, types, owner.mode) as Promise<Map<WebhookEventType, string[]>>;

// ---- secrets at rest ----------------------------------------------------------------------------

export const webhookSecretAad = (merchantId: string, endpointId: string, which: 'current' | 'previous') =>
  `${merchantId}|webhook_endpoint|${endpointId}|${which}`;

export const sealWebhookSecret = (
  keys: Keys,
  merchantId: string,
  endpointId: string,
  secret: string,
  which: 'current' | 'previous' = 'current',
) => seal(keys, secret, webhookSecretAad(merchantId, endpointId, which));

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(keys: Keys, row: EndpointRow, now: Date): string[] {
  const secrets = [open(keys, row.secretSealed, webhookSecretAad(row.merchantId, row.id, 'current'))];
  if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(open(keys, row.previousSecretSealed, webhookSecretAad(row.merchantId, row.id, 'previous')));
  }
  return secrets;
}

// ---- views --------------------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toEndpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.eventTypes === null ? 'all' : (row.eventTypes as WebhookEventType[]),
  mode: row.mode,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  failing_since: iso(row.failingSince),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toAttemptView = (a: AttemptRow): WebhookAttempt => ({
  id: a.id,
  attempted_at: a.attemptedAt.toISOString(),
  status_code: a.statusCode,
  duration_ms: a.durationMs,
  response_snippet: a.responseSnippet,
  error: a.error,
});

const toDeliveryView = (d: DeliveryRow, eventType: string, attempts: AttemptRow[]): WebhookDelivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: eventType as WebhookEventType,
  status: d.status,
  attempt_count: d.attemptCount,
  // While an attempt is under way the due time is its lease, not a schedule the merchant should see.
  next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
  created_at: d.createdAt.toISOString(),
  attempts: attempts.map(toAttemptView),
});

// ---- endpoint management ------------------------------------------------------------------------

async function checkedUrl(ctx: AppContext, raw: string) {
  try {
    return (await checkWebhookUrl(raw, { allowPrivate: ctx.config.webhooksAllowPrivate, resolve: ctx.dns })).url.href;
  } catch (error) {
    if (error instanceof WebhookUrlRefused)
      throw new AppError('invalid_input', error.message, [{ path: 'url', message: error.message }]);
    throw error;
  }
}

const eventTypesOf = (events: 'all' | WebhookEventType[]) => (events === 'all' ? null : [...new Set(events)]);

async function endpointOf(ctx: AppContext, scope: EndpointScope, id: string) {
  const row = await findEndpointRow(ctx.db, scope, id);
  if (!row) throw notFound('This webhook endpoint does not exist.');
  return row;
}

/** The merchant's endpoints of one mode (the portal's Test mode switch) or both; a key's, of its own mode only. */
export async function listEndpoints(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof webhookEndpointQuery> = {},
): Promise<WebhookEndpoint[]> {
  const scope = requireWebhookManager(actor);
  if (scope.mode && query.mode && query.mode !== scope.mode) return [];
  return (await listEndpointRows(ctx.db, { ...scope, mode: scope.mode ?? query.mode })).map(toEndpointView);
}

/**
 * The mode a new endpoint takes: an API key's own (a test key asking for a live endpoint is refused,
 * as its reads of live money are), or the one a person chose; live when a person names none, as the
 * endpoints made before endpoints had a mode are (migration 0017).
 */
function modeOfNewEndpoint(scope: EndpointScope, asked: EndpointRow['mode'] | undefined): EndpointRow['mode'] {
  if (scope.mode && asked && asked !== scope.mode) {
    throw forbidden(
      `A ${scope.mode} API key adds ${scope.mode} endpoints only. Use a ${asked} key for ${asked} events.`,
    );
  }
  return scope.mode ?? asked ?? 'live';
}

export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof createWebhookEndpointBody>,
): Promise<WebhookEndpointWithSecret> {
  const scope = requireWebhookManager(actor);
  const { merchantId } = scope;
  const mode = modeOfNewEndpoint(scope, body.mode);
  const url = await checkedUrl(ctx, body.url);
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertEndpoint(tx, {
      id,
      merchantId,
      url,
      description: body.description ?? '',
      eventTypes: eventTypesOf(body.events),
      mode,
      secretSealed: sealWebhookSecret(ctx.keys, merchantId, id, secret),
      createdAt: now,
      updatedAt: now,
    });
    await auditEndpoint(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      apiKeyId: actor.apiKey?.id,
      merchantId,
      action: 'webhook_endpoint.create',
      endpointId: id,
      data: { url, mode },
    });
    return inserted;
  });
  return { ...toEndpointView(row), secret };
}

export async function updateEndpoint(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof updateWebhookEndpointBody>,
): Promise<WebhookEndpoint> {
  const scope = requireWebhookManager(actor);
  const { merchantId } = scope;
  await endpointOf(ctx, scope, id);
  const url = body.url === undefined ? undefined : await checkedUrl(ctx, body.url);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateEndpointRow(tx, scope, id, {
      ...(url !== undefined ? { url } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.events !== undefined ? { eventTypes: eventTypesOf(body.events) } : {}),
      // Turned on again: a fresh start, the pending deliveries go out on the next tick.
      ...(body.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
      ...(body.enabled === false ? { enabled: false, disabledReason: null } : {}),
      updatedAt: now,
    });
    if (updated) {
      await auditEndpoint(tx, {
        actorUserId: actor.userId,
        actorRole: actor.role,
        merchantId,
        action: 'webhook_endpoint.update',
        endpointId: id,
        data: { ...body },
      });
    }
    return updated;
  });
  if (!row) throw notFound('This webhook endpoint does not exist.');
  return toEndpointView(row);
}

export async function deleteEndpoint(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const scope = requireWebhookManager(actor);
  const { merchantId } = scope;
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteEndpointRow(tx, scope, id))) throw notFound('This webhook endpoint does not exist.');
    await auditEndpoint(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      apiKeyId: actor.apiKey?.id,
      merchantId,
      action: 'webhook_endpoint.delete',
      endpointId: id,
    });
  });
}

/** A new secret signs from now on; the old one keeps signing beside it for a day, so receivers can switch. */
export async function rollEndpointSecret(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const scope = requireWebhookManager(actor);
  const { merchantId } = scope;
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findEndpointRow(tx, scope, id);
    if (!current) throw notFound('This webhook endpoint does not exist.');
    const [previous] = signingSecrets(ctx.keys, current, now);
    const updated = await updateEndpointRow(tx, scope, id, {
      secretSealed: sealWebhookSecret(ctx.keys, merchantId, id, secret),
      previousSecretSealed: sealWebhookSecret(ctx.keys, merchantId, id, previous!, 'previous'),
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR),
      updatedAt: now,
    });
    await auditEndpoint(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      apiKeyId: actor.apiKey?.id,
      merchantId,
      action: 'webhook_endpoint.roll_secret',
      endpointId: id,
    });
    return updated!;
  });
  return { ...toEndpointView(row), secret };
}

/** Queues a `test.ping` to this endpoint only, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, actor: Actor, id: string): Promise<WebhookDelivery> {
  const scope = requireWebhookManager(actor);
  const { merchantId } = scope;
  const endpoint = await endpointOf(ctx, scope, id);
  if (!endpoint.enabled) throw businessRule('This endpoint is turned off. Turn it on to send a test.');
  const now = ctx.clock.now();
  const body = JSON.stringify({
    type: 'test.ping',
    mode: endpoint.mode,
    timestamp: now.toISOString(),
    data: { endpoint_id: id, message: 'This is a test event from Kassa.' },
  });
  const { deliveryIds } = await ctx.db.transaction((tx) =>
    insertEventWithDeliveries(tx, { merchantId, type: 'test.ping', body, at: now }, [id]),
  );
  return deliveryView(ctx, id, deliveryIds[0]!);
}

export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: z.output<typeof webhookDeliveryQuery>,
): Promise<WebhookDeliveryPage> {
  await endpointOf(ctx, requireWebhookManager(actor), id);
  const { rows, total } = await listDeliveryRows(ctx.db, id, {
    status: query.status,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const attempts = await findAttemptRows(
    ctx.db,
    rows.map((r) => r.delivery.id),
  );
  return pageOf(
    query,
    total,
    rows.map((r) =>
      toDeliveryView(
        r.delivery,
        r.eventType,
        attempts.filter((a) => a.deliveryId === r.delivery.id),
      ),
    ),
  );
}

async function deliveryView(ctx: AppContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await findDeliveryRow(ctx.db, endpointId, deliveryId);
  if (!row) throw notFound('This delivery does not exist.');
  return toDeliveryView(row.delivery, row.eventType, await findAttemptRows(ctx.db, [deliveryId]));
}

/** Sends a delivery once more (delivered, failed or still waiting for its next try), now. */
export async function retryDelivery(
  ctx: AppContext,
  actor: Actor,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(ctx, requireWebhookManager(actor), id);
  if (!endpoint.enabled) throw businessRule('This endpoint is turned off. Turn it on to retry its deliveries.');
  if (!(await requeueDelivery(ctx.db, id, deliveryId, ctx.clock.now())))
    throw notFound('This delivery does not exist.');
  return deliveryView(ctx, id, deliveryId);
}
