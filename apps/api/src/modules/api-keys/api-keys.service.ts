// Merchants' API keys: created with a name, a mode and scopes, shown once, kept only as a keyed hash
// (HMAC-SHA256 under a key derived from the root secret), rolled with an overlap of up to 7 days,
// deleted at once. A request with `Authorization: Bearer sk_…` acts as the key's merchant owner,
// limited to the key's scopes and mode (plugins/auth.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { merchantIsOpen, ROLE } from '@kassa/contract/access';
import type { ApiKey, ApiKeyCreateBody, ApiKeyMode, ApiKeyWithSecret } from '@kassa/contract/developers';
import { apiKeyCreateBody, apiKeyRollBody } from '@kassa/contract/developers';
import type { AppContext } from '../../context.ts';
import { BLOCKED_MERCHANT_MESSAGE, requireDeveloperSettingsAccess } from '../../lib/access.ts';
import { type Actor, actorMerchant } from '../../lib/actor.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import type { Keys } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type ApiKeyRow,
  findKeyBySecretHash,
  findLiveApiKey,
  insertApiKey,
  listLiveApiKeys,
  revokeApiKey,
  startRollOverlap,
  touchApiKey,
} from './api-keys.queries.ts';
import { keepVerified, recentlyVerified, verifiedKeysGeneration } from './verified-keys.ts';

export const API_KEY_NOT_FOUND = 'This API key does not exist or was deleted.';
export const API_KEY_REFUSED = 'This API key is not valid: it was deleted, rolled, or never existed.';
/** How stale last-used may get: the price of not writing on every request. */
export const LAST_USED_RESOLUTION_MS = MINUTE;

export const hashApiKeySecret = (keys: Keys, secret: string) =>
  createHmac('sha256', keys.apiKeyHashing).update(secret).digest('base64url');

function newSecret(mode: ApiKeyMode) {
  const secret = `sk_${mode}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, 12), last4: secret.slice(-4) };
}

export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  mode: row.mode,
  scopes: row.scopes,
  prefix: row.prefix,
  last4: row.last4,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  rolled_from_id: row.rolledFromId,
});

export async function listApiKeys(ctx: AppContext, actor: Actor): Promise<ApiKey[]> {
  const { merchantId } = requireDeveloperSettingsAccess(actor);
  return (await listLiveApiKeys(ctx.db, merchantId, ctx.clock.now())).map(toApiKey);
}

export async function createApiKey(ctx: AppContext, actor: Actor, input: ApiKeyCreateBody): Promise<ApiKeyWithSecret> {
  const { merchantId } = requireDeveloperSettingsAccess(actor);
  const body = apiKeyCreateBody.parse(input);
  const { secret, prefix, last4 } = newSecret(body.mode);
  return ctx.db.transaction(async (db) => {
    const row = await insertApiKey(db, {
      merchantId,
      name: body.name,
      mode: body.mode,
      scopes: body.scopes,
      secretHash: hashApiKeySecret(ctx.keys, secret),
      prefix,
      last4,
      createdBy: actor.userId,
      createdAt: ctx.clock.now(),
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: row.id,
      data: { name: row.name, mode: row.mode, scopes: row.scopes, prefix, last4 },
    });
    return { ...toApiKey(row), secret };
  });
}

/**
 * A new secret under a new key with the same name, mode and scopes; the old key keeps working for
 * the overlap (0 to 168 hours) and then stops. A key is rolled once: its replacement is what gets
 * rolled next.
 */
export async function rollApiKey(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { overlap_hours?: number },
): Promise<ApiKeyWithSecret> {
  const { merchantId } = requireDeveloperSettingsAccess(actor);
  const { overlap_hours } = apiKeyRollBody.parse(input);
  const now = ctx.clock.now();
  // Announced: a process that verified the old key a moment ago must see its new expiry at once.
  return writeAndAnnounce(ctx, { kind: 'merchant', id: merchantId }, async (db) => {
    const old = await startRollOverlap(db, merchantId, id, new Date(now.getTime() + overlap_hours * HOUR));
    if (!old) {
      const live = await findLiveApiKey(db, merchantId, id, now);
      if (!live) throw notFound(API_KEY_NOT_FOUND);
      throw conflict('This key was already rolled. Roll its replacement instead.');
    }
    const { secret, prefix, last4 } = newSecret(old.mode);
    const row = await insertApiKey(db, {
      merchantId,
      name: old.name,
      mode: old.mode,
      scopes: old.scopes,
      secretHash: hashApiKeySecret(ctx.keys, secret),
      prefix,
      last4,
      rolledFromId: old.id,
      createdBy: actor.userId,
      createdAt: now,
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'api_key.rolled',
      entityType: 'api_key',
      entityId: old.id,
      data: { replacement_id: row.id, overlap_hours, old_expires_at: old.expiresAt?.toISOString(), prefix, last4 },
    });
    return { ...toApiKey(row), secret };
  });
}

export async function deleteApiKey(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { merchantId } = requireDeveloperSettingsAccess(actor);
  // Announced: every process that verified the key a moment ago refuses it from now on.
  await writeAndAnnounce(ctx, { kind: 'merchant', id: merchantId }, async (db) => {
    const row = await revokeApiKey(db, merchantId, id, ctx.clock.now());
    if (!row) throw notFound(API_KEY_NOT_FOUND);
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'api_key.deleted',
      entityType: 'api_key',
      entityId: row.id,
      data: { name: row.name, prefix: row.prefix, last4: row.last4 },
    });
  });
}

/** The live key with this secret hash: verified a moment ago in this process (verified-keys.ts), or looked up. */
async function verifiedKey(ctx: AppContext, secretHash: string, now: Date) {
  const recent = recentlyVerified(ctx.database, secretHash, now);
  if (recent) return recent;
  const generation = verifiedKeysGeneration(ctx.database);
  const row = await findKeyBySecretHash(ctx.db, secretHash, now);
  if (row) keepVerified(ctx.database, secretHash, row, generation, now);
  return row;
}

/**
 * The Actor of a request made with an API key: the key's merchant owner, no embed segments, the
 * key's scopes and mode. An unknown, deleted or rolled-out key gets 401, as an expired session does.
 */
export async function resolveApiKeyActor(ctx: AppContext, secret: string): Promise<Actor> {
  const now = ctx.clock.now();
  const row = await verifiedKey(ctx, hashApiKeySecret(ctx.keys, secret), now);
  if (!row) throw unauthorized(API_KEY_REFUSED);
  if (!merchantIsOpen({ isBlocked: row.merchantBlocked, removedAt: row.merchantRemovedAt }))
    throw new AppError('unauthorized', BLOCKED_MERCHANT_MESSAGE);
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await touchApiKey(ctx.db, row.id, now, staleBefore);
    // The kept copy too, or every request in its few seconds would touch the key again.
    row.lastUsedAt = now;
  }
  return {
    userId: row.createdBy,
    role: ROLE.MERCHANT_OWNER,
    ...actorMerchant(row),
    familyId: `api-key:${row.id}`,
    appAccess: null,
    adminPermissions: null,
    segments: null,
    apiKey: { id: row.id, mode: row.mode, scopes: row.scopes },
  };
}
