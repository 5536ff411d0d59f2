// A merchant's payment connections (docs/ARCHITECTURE.md): one provider per kind takes
// part in checkout. Rules chosen here:
// - a connection can only be enabled with credentials that pass the provider's verification, so
//   checkout never routes a payment through credentials known to be wrong;
// - enabling one connection switches the kind's other one off (the database holds at most one enabled
//   connection per kind), because the per-kind page is "choose your provider";
// - one connection per provider and kind: a second one is refused with 409 (edit the first);
// - connecting or enabling needs the platform's "allow connections" for the merchant.
import { APP } from '@kassa/contract/access';
import type {
  ConnectionKind,
  ConnectionView,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@kassa/contract/connections';
import { CONNECTIONS_NOT_ALLOWED } from '@kassa/contract/connections';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, businessRule, conflict, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { findProvider, type ProviderDefinition } from '../../payments/registry.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { maskCredentials, openCredentials, sealCredentials } from './connection-credentials.ts';
import {
  type ConnectionRow,
  deleteConnection as deleteConnectionRow,
  disableOtherConnections,
  findAllowConnections,
  findConnection,
  findConnectionByProvider,
  insertConnection,
  listConnections as listConnectionRows,
  updateConnection as updateConnectionRow,
} from './connections.queries.ts';

// How a payment is routed and what the connection's stored credentials are, for the payment modules.
export { openCredentials } from './connection-credentials.ts';
export { type ConnectionRow, findEnabledConnections } from './connections.queries.ts';
export { resealProviderCredentials } from './credential-key-rotation.ts';
export {
  assessPaymentRisk,
  cardPaymentMode,
  fraudFailureReason,
  loadPaymentSetup,
  type ProcessorRoute,
  paymentSetupOf,
  processorFor,
  savedCardSetupOf,
} from './payment-setup.ts';

export const ALREADY_CONNECTED = 'This provider is already connected. Edit the existing connection instead.';
const UNREADABLE = 'unreadable — enter it again';

export function providerFor(kind: ConnectionKind, id: string): ProviderDefinition {
  const def = findProvider(kind, id);
  if (!def) {
    throw new AppError('invalid_input', 'This provider is not available for this kind of connection.', [
      { path: 'provider', message: 'Choose one of the listed providers' },
    ]);
  }
  return def;
}

/** Only the provider's own fields are stored: anything else is a typo or an attempt to stash data. */
export function assertKnownFields(def: ProviderDefinition, credentials: Readonly<Record<string, string>>) {
  const unknown = Object.keys(credentials).filter((name) => !def.credentialFields.some((f) => f.name === name));
  if (unknown.length > 0) {
    throw new AppError(
      'invalid_input',
      `${def.displayName} has no field ${unknown.join(', ')}.`,
      unknown.map((name) => ({ path: `credentials.${name}`, message: 'Unknown field' })),
    );
  }
}

/** A failed verification: the provider's message, also on the credentials field for the form. */
export const verificationFailed = (message: string) =>
  new AppError('business_rule', message, [{ path: 'credentials', message }]);

export function toConnectionView(ctx: AppContext, row: ConnectionRow): ConnectionView {
  const def = findProvider(row.kind, row.provider);
  let credentials: Record<string, string>;
  try {
    credentials = maskCredentials(
      def?.credentialFields ?? [],
      openCredentials(ctx.keys, row.merchantId, row.id, row.credentials),
    );
  } catch {
    // A ciphertext that does not open under this merchant and connection is never shown, even masked.
    credentials = Object.fromEntries(Object.keys(row.credentials).map((k) => [k, UNREADABLE]));
  }
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    provider_name: def?.displayName ?? row.provider,
    credentials,
    enabled: row.enabled,
    fallback: row.isFallback,
    status: row.status,
    last_verified_at: row.lastVerifiedAt?.toISOString() ?? null,
    last_verification_message: row.lastVerificationMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Only payment services fail over: a fallback wallet, gift card or anti-fraud service means nothing. */
function assertFallbackKind(kind: ConnectionKind, fallback: boolean | undefined) {
  if (fallback && kind !== 'payment_service') {
    throw invalid('fallback', 'Only a payment service can be a fallback.');
  }
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** The platform admin decides whether a merchant may add its own connections. */
export async function assertConnectionsAllowed(ctx: AppContext, merchantId: string) {
  if (!(await findAllowConnections(ctx.db, merchantId))) throw forbidden(CONNECTIONS_NOT_ALLOWED);
}

export async function listConnections(ctx: AppContext, actor: Actor, kind?: ConnectionKind) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'view');
  return (await listConnectionRows(ctx.db, merchantId, kind)).map((row) => toConnectionView(ctx, row));
}

export async function getConnection(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'view');
  const row = await findConnection(ctx.db, merchantId, id);
  if (!row) throw notFound('This connection does not exist.');
  return toConnectionView(ctx, row);
}

export async function createConnection(ctx: AppContext, actor: Actor, body: Required<CreateConnectionBody>) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'create');
  await assertConnectionsAllowed(ctx, merchantId);
  const def = providerFor(body.kind, body.provider);
  assertKnownFields(def, body.credentials);
  assertFallbackKind(body.kind, body.fallback);
  const verification = body.enabled
    ? await def.verifyCredentials(body.credentials, ctx.config.processorEndpoints)
    : null;
  if (verification && !verification.ok) throw verificationFailed(verification.message);

  const id = crypto.randomUUID();
  const now = ctx.clock.now();
  try {
    const row = await ctx.db.transaction(async (db) => {
      if (await findConnectionByProvider(db, merchantId, body.kind, body.provider)) throw conflict(ALREADY_CONNECTED);
      if (body.enabled) await disableOtherConnections(db, merchantId, body.kind, id, body.fallback);
      const inserted = await insertConnection(db, {
        id,
        merchantId,
        kind: body.kind,
        provider: body.provider,
        credentials: sealCredentials(ctx.keys, merchantId, id, body.credentials),
        keyVersion: ctx.keys.currentVersion,
        enabled: body.enabled,
        isFallback: body.fallback,
        status: verification ? 'verified' : 'unverified',
        lastVerifiedAt: verification ? now : null,
        lastVerificationMessage: verification?.message ?? null,
      });
      await recordAudit(db, {
        actor,
        merchantId,
        action: 'connection.created',
        entityType: 'provider_connection',
        entityId: id,
        data: { kind: body.kind, provider: body.provider, enabled: body.enabled, fallback: body.fallback },
      });
      return inserted;
    });
    return toConnectionView(ctx, row);
  } catch (error) {
    // Two requests racing to connect the same provider or to enable two providers of one kind.
    if (isUniqueViolation(error)) throw conflict(ALREADY_CONNECTED);
    throw error;
  }
}

export async function updateConnection(ctx: AppContext, actor: Actor, id: string, body: UpdateConnectionBody) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'edit');
  const current = await findConnection(ctx.db, merchantId, id);
  if (!current) throw notFound('This connection does not exist.');
  const def = findProvider(current.kind, current.provider);
  if (!def) throw businessRule('This provider is no longer available. Delete the connection and choose another.');

  assertFallbackKind(current.kind, body.fallback);
  const isFallback = body.fallback ?? current.isFallback;
  // Turning on, or moving an enabled connection into the other role, takes that role's place.
  const enabling =
    (body.enabled === true && !current.enabled) || (current.enabled && isFallback !== current.isFallback);
  const credentialsChanged = body.credentials !== undefined;
  const willBeEnabled = body.enabled ?? current.enabled;
  if (enabling) await assertConnectionsAllowed(ctx, merchantId);
  let merged: Record<string, string> | null = null;
  if (credentialsChanged) {
    assertKnownFields(def, body.credentials!);
    // Fields left out keep their stored value; unreadable stored values are simply replaced.
    let stored: Record<string, string> = {};
    try {
      stored = openCredentials(ctx.keys, merchantId, id, current.credentials);
    } catch {}
    merged = { ...stored, ...body.credentials };
  }
  const verification =
    willBeEnabled && (enabling || credentialsChanged)
      ? await def.verifyCredentials(merged ?? readCredentials(ctx, current), ctx.config.processorEndpoints)
      : null;
  if (verification && !verification.ok) throw verificationFailed(verification.message);

  const now = ctx.clock.now();
  try {
    const row = await ctx.db.transaction(async (db) => {
      if (!(await findConnection(db, merchantId, id, true))) throw notFound('This connection does not exist.');
      if (enabling) await disableOtherConnections(db, merchantId, current.kind, id, isFallback);
      const updated = await updateConnectionRow(db, merchantId, id, {
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.fallback !== undefined ? { isFallback: body.fallback } : {}),
        ...(merged
          ? {
              credentials: sealCredentials(ctx.keys, merchantId, id, merged),
              keyVersion: ctx.keys.currentVersion,
              status: verification ? 'verified' : 'unverified',
              lastVerifiedAt: verification ? now : null,
              lastVerificationMessage: verification?.message ?? null,
            }
          : verification
            ? { status: 'verified', lastVerifiedAt: now, lastVerificationMessage: verification.message }
            : {}),
      });
      await recordAudit(db, {
        actor,
        merchantId,
        action: 'connection.updated',
        entityType: 'provider_connection',
        entityId: id,
        // Which fields changed, never their values.
        data: {
          kind: current.kind,
          provider: current.provider,
          enabled: updated.enabled,
          fallback: updated.isFallback,
          ...(body.credentials ? { changed_fields: Object.keys(body.credentials) } : {}),
        },
      });
      return updated;
    });
    return toConnectionView(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another connection of this kind was enabled at the same time.');
    throw error;
  }
}

export async function removeConnection(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'delete');
  await ctx.db.transaction(async (db) => {
    const row = await findConnection(db, merchantId, id, true);
    if (!row || !(await deleteConnectionRow(db, merchantId, id))) throw notFound('This connection does not exist.');
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'connection.deleted',
      entityType: 'provider_connection',
      entityId: id,
      data: { kind: row.kind, provider: row.provider },
    });
  });
}

/** The stored credentials in clear, for verification and for the processor; throws when unreadable. */
export function readCredentials(ctx: AppContext, row: ConnectionRow): Record<string, string> {
  try {
    return openCredentials(ctx.keys, row.merchantId, row.id, row.credentials);
  } catch {
    throw businessRule('The stored credentials of this connection cannot be read. Enter them again.');
  }
}
