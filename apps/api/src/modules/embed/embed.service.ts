// Embedding the merchant portal in a parent site (docs/product-rules.md#embed-entry, docs/product-rules.md#entities, docs/product-rules.md#states-and-transitions, docs/product-rules.md#api-calls; docs/ARCHITECTURE.md "Embed").
// Settings: allowed parent domains, allowed segments and an embed token. The settings token no
// longer opens the portal by itself: a parent site opens it with a one-time embed session its server
// mints with an API key (embed-sessions.service.ts), bound to one of these domains and limited to
// these segments. Embed sessions act as the merchant's first active owner (role 2), limited to the
// allowed segments by the `seg` claim; a dedicated user would appear in the Users list and need its
// own access rows.
import { isMerchantRole, ROLE } from '@kassa/contract/access';
import type { EmbedDataBody, EmbedDetails } from '@kassa/contract/embed';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import { hashToken, type Keys, open, randomToken, seal } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type EmbedSettingsRow,
  findEmbedSettings,
  lockStaleEmbedTokens,
  setEmbedTokenCiphertext,
  upsertEmbedSettings,
} from './embed.queries.ts';

const tokenAad = (merchantId: string) => `embed|${merchantId}|token`;
export const sealEmbedToken = (keys: Keys, merchantId: string, token: string) =>
  seal(keys, token, tokenAad(merchantId));
export const openEmbedToken = (keys: Keys, merchantId: string, sealed: string) =>
  open(keys, sealed, tokenAad(merchantId));

/**
 * The embed module's part of a key rotation (docs/decisions/0012-key-rotation.md): the stored copies
 * of embed tokens re-sealed under the current key version, in the caller's transaction. Returns how
 * many were; one that does not open is left as it is and added to `unreadable`.
 */
export async function resealEmbedTokens(db: DbOrTx, keys: Keys, unreadable: string[]): Promise<number> {
  let count = 0;
  for (const row of await lockStaleEmbedTokens(db, keys.currentVersion)) {
    let resealed: string;
    try {
      resealed = sealEmbedToken(keys, row.merchantId, openEmbedToken(keys, row.merchantId, row.tokenCiphertext ?? ''));
    } catch {
      unreadable.push(`embed_settings/${row.merchantId}`);
      continue;
    }
    await setEmbedTokenCiphertext(db, row.merchantId, resealed, keys.currentVersion);
    count += 1;
  }
  return count;
}

/** Owners and staff (roles 2, 5) manage embedding; never an embed session itself (it could widen its own segments). */
export function requireEmbedSettingsAccess(actor: Actor): string {
  if (!isMerchantRole(actor.role) || !actor.merchantId) throw forbidden('This is for merchant accounts.');
  if (actor.segments) throw forbidden('Embed settings cannot be changed from an embedded session.');
  if (actor.role !== ROLE.MERCHANT_OWNER && actor.role !== ROLE.MERCHANT_STAFF) {
    throw forbidden('Only the merchant’s owner and staff manage embed settings.');
  }
  return actor.merchantId;
}

const embedUrl = (ctx: AppContext, merchantId: string, token: string) =>
  `${ctx.config.publicUrl}/embed?${new URLSearchParams({ token, merchant_id: merchantId })}`;

function toDetails(ctx: AppContext, merchantId: string, row: EmbedSettingsRow | undefined): EmbedDetails {
  let token: string | null = null;
  if (row?.tokenCiphertext) {
    try {
      token = openEmbedToken(ctx.keys, merchantId, row.tokenCiphertext);
    } catch {
      token = null; // unreadable: the page offers to regenerate it
    }
  }
  return {
    merchant_id: merchantId,
    allowed_domains: row?.allowedDomains ?? [],
    allowed_segments: (row?.allowedSegments ?? []) as EmbedDetails['allowed_segments'],
    embed_token: token,
    embed_url: token ? embedUrl(ctx, merchantId, token) : null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** docs/product-rules.md#entities: a list whose first element is used; always one element, with defaults before anything is saved. */
export async function getEmbedData(ctx: AppContext, actor: Actor): Promise<EmbedDetails[]> {
  const merchantId = requireEmbedSettingsAccess(actor);
  return [toDetails(ctx, merchantId, await findEmbedSettings(ctx.db, merchantId))];
}

export async function saveEmbedData(ctx: AppContext, actor: Actor, body: EmbedDataBody): Promise<EmbedDetails> {
  const merchantId = requireEmbedSettingsAccess(actor);
  const domains = body.allowed_domains as string[];
  const segments = body.allowed_segments as string[];
  return ctx.db.transaction(async (db) => {
    const existing = await findEmbedSettings(db, merchantId);
    // The first save also creates the token, so the snippet is complete at once.
    const token = existing?.tokenHash ? null : newEmbedToken();
    const row = await upsertEmbedSettings(db, merchantId, {
      allowedDomains: domains,
      allowedSegments: segments,
      ...(token ? tokenColumns(ctx, merchantId, token) : {}),
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'embed.settings_saved',
      entityType: 'embed_settings',
      entityId: merchantId,
      data: { allowed_domains: domains, allowed_segments: segments },
    });
    return toDetails(ctx, merchantId, row);
  });
}

const newEmbedToken = () => `emb_${randomToken(24)}`;
const tokenColumns = (ctx: AppContext, merchantId: string, token: string) => ({
  tokenHash: hashToken(token),
  tokenCiphertext: sealEmbedToken(ctx.keys, merchantId, token),
  keyVersion: ctx.keys.currentVersion,
});

/** POST /auth/embed-token/: a new token; the old one stops working at once. */
export async function rotateEmbedToken(ctx: AppContext, actor: Actor) {
  const merchantId = requireEmbedSettingsAccess(actor);
  const token = newEmbedToken();
  await ctx.db.transaction(async (db) => {
    await upsertEmbedSettings(db, merchantId, tokenColumns(ctx, merchantId, token));
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'embed.token_rotated',
      entityType: 'embed_settings',
      entityId: merchantId,
    });
  });
  return { embed_token: token, embed_url: embedUrl(ctx, merchantId, token) };
}
