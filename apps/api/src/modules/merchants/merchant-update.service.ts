// The back office's changes to one merchant (docs/product-rules.md#api-calls): profile edits, block /
// unblock, hub status, removal, allow connections. Platform admins only; each change and its audit
// entry commit together. Nothing financial is ever deleted or altered here.
import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { HubStatusBody, MerchantAdminProfile, MerchantPatchBody } from '@kassa/contract/merchants';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { writeAndAnnounce } from '../../lib/cache-invalidation.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadAdminProfile, MERCHANT_NOT_FOUND } from './merchant-detail.service.ts';
import { assertIndustryTypeExists } from './merchant-register.service.ts';
import {
  countActiveSubMerchants,
  lockMerchantRow,
  type MerchantRow,
  type MerchantUpdate,
  updateMerchant,
} from './merchants.queries.ts';

/** Locks the row for the transaction, so concurrent changes record the right "from"; a removed merchant stays as it is. */
async function liveMerchant(tx: Tx, id: string): Promise<MerchantRow> {
  const row = await lockMerchantRow(tx, id);
  if (!row) throw notFound(MERCHANT_NOT_FOUND);
  if (row.removedAt) throw businessRule(`${row.name} has been removed and can no longer be changed.`);
  return row;
}

const PROFILE_FIELDS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
  zip_code: 'zipCode',
  country: 'country',
  default_currency: 'defaultCurrency',
  website: 'website',
  industry_type_id: 'industryTypeId',
  logo: 'logo',
} as const satisfies Record<string, keyof MerchantRow>;

export async function patchMerchant(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: MerchantPatchBody,
): Promise<{ merchant: MerchantAdminProfile; message: string }> {
  requirePlatformAdmin(actor);
  if (body.industry_type_id) await assertIndustryTypeExists(ctx.db, body.industry_type_id);
  let message = 'Nothing changed.';
  await writeAndAnnounce(ctx, { kind: 'merchant', id }, async (tx) => {
    const row = await liveMerchant(tx, id);
    const input = { ...body };
    if (input.phone) input.phone = normalizePhone(input.phone, input.country ?? row.country);
    const update: MerchantUpdate = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, column] of Object.entries(PROFILE_FIELDS) as [
      keyof typeof PROFILE_FIELDS,
      keyof MerchantRow,
    ][]) {
      const value = input[field];
      if (value === undefined || value === row[column]) continue;
      (update as Record<string, unknown>)[column] = value;
      // A logo is up to 200 KB of data: the audit notes that it changed, not the image.
      changes[field] =
        field === 'logo'
          ? { from: row.logo ? 'image' : null, to: value ? 'image' : null }
          : { from: row[column], to: value };
    }
    const blockChange = input.is_blocked !== undefined && input.is_blocked !== row.isBlocked;
    if (blockChange) update.isBlocked = input.is_blocked;
    if (Object.keys(update).length === 0) return;

    await updateMerchant(tx, id, { ...update, updatedAt: ctx.clock.now() });
    const audit = { actor, merchantId: id, entityType: 'merchant', entityId: id };
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { ...audit, action: 'merchant.updated', data: { changes } });
      message = 'Merchant saved.';
    }
    if (blockChange) {
      // The auth plugin refuses a blocked merchant's users on their next request, and checkout
      // refuses payment for it.
      await recordAudit(tx, { ...audit, action: input.is_blocked ? 'merchant.blocked' : 'merchant.unblocked' });
      message = input.is_blocked ? `${row.name} is blocked.` : `${row.name} is unblocked.`;
    }
  });
  return { merchant: await loadAdminProfile(ctx.db, id), message };
}

export async function changeHubStatus(ctx: AppContext, actor: Actor, id: string, body: HubStatusBody) {
  requirePlatformAdmin(actor);
  const column = body.hub === 'payment' ? 'paymentHubStatus' : 'financeHubStatus';
  const hubName = body.hub === 'payment' ? 'Payment Hub' : 'Financing Hub';
  let message = `The ${hubName} is already ${HUB_STATUS_LABEL[body.status]}.`;
  await writeAndAnnounce(ctx, { kind: 'merchant', id }, async (tx) => {
    const row = await liveMerchant(tx, id);
    const from = row[column];
    if (from === body.status) return;
    await updateMerchant(tx, id, { [column]: body.status, updatedAt: ctx.clock.now() });
    await recordAudit(tx, {
      actor,
      merchantId: id,
      action: 'merchant.hub_status_changed',
      entityType: 'merchant',
      entityId: id,
      data: { hub: body.hub, from, to: body.status, ...(body.note ? { note: body.note } : {}) },
    });
    message = `${hubName}: ${HUB_STATUS_LABEL[from]} → ${HUB_STATUS_LABEL[body.status]}.`;
  });
  return { merchant: await loadAdminProfile(ctx.db, id), message };
}

/**
 * Soft removal: removed_at is set and the merchant leaves every list; its users can no longer sign
 * in (the auth plugin checks removed_at); its transactions, refunds and invoices stay as they are.
 */
export async function removeMerchant(ctx: AppContext, actor: Actor, id: string) {
  requirePlatformAdmin(actor);
  await writeAndAnnounce(ctx, { kind: 'merchant', id }, async (tx) => {
    const row = await liveMerchant(tx, id);
    const subs = await countActiveSubMerchants(tx, id);
    if (subs > 0) {
      throw businessRule(`${row.name} still has ${subs} sub-merchant${subs === 1 ? '' : 's'}. Remove them first.`);
    }
    const now = ctx.clock.now();
    await updateMerchant(tx, id, { removedAt: now, updatedAt: now });
    await recordAudit(tx, { actor, merchantId: id, action: 'merchant.removed', entityType: 'merchant', entityId: id });
  });
  return { merchant: await loadAdminProfile(ctx.db, id), message: 'Merchant removed.' };
}

export async function setAllowConnections(ctx: AppContext, actor: Actor, id: string, allow: boolean) {
  requirePlatformAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await liveMerchant(tx, id);
    if (row.allowConnections === allow) return;
    await updateMerchant(tx, id, { allowConnections: allow, updatedAt: ctx.clock.now() });
    await recordAudit(tx, {
      actor,
      merchantId: id,
      action: allow ? 'merchant.connections_allowed' : 'merchant.connections_disallowed',
      entityType: 'merchant',
      entityId: id,
    });
  });
  return {
    merchant: await loadAdminProfile(ctx.db, id),
    message: allow
      ? 'Connections are allowed for this merchant.'
      : 'Connections are no longer allowed for this merchant.',
  };
}
