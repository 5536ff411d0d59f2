// Required second factors (docs/product-rules.md#required-second-factors): the platform admin's rule for every admin, a
// merchant owner's rule for every user of that merchant. Enforced per request in plugins/auth.ts
// (a session owing a factor reaches only the enrolment routes) and on removal below.
import { ROLE } from '@kassa/contract/access';
import { LAST_FACTOR_REQUIRED_MESSAGE, type SecondFactorRule } from '@kassa/contract/second-factor-rules';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireFullSession, requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  lockUserForFactorChange,
  owesFactorNow,
  readAdminRule,
  readMerchantRule,
  writeAdminRule,
  writeMerchantRule,
} from './second-factor-rules.queries.ts';

export async function getAdminRule(ctx: AppContext): Promise<SecondFactorRule> {
  return { require_second_factor: await readAdminRule(ctx.db) };
}

export async function setAdminRule(ctx: AppContext, actor: Actor, on: boolean): Promise<SecondFactorRule> {
  requirePlatformAdmin(actor);
  requireFullSession(actor);
  await ctx.db.transaction(async (tx) => {
    await writeAdminRule(tx, on, ctx.clock.now());
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'second_factor_rule.admins_changed',
      entityType: 'platform_settings',
      entityId: null,
      data: { require_second_factor: on },
    });
  });
  return { require_second_factor: on };
}

/** Only the merchant's owner decides for its users; the merchant is always the caller's own. */
export function requireMerchantOwner(actor: Actor): string {
  if (actor.role !== ROLE.MERCHANT_OWNER || !actor.merchantId)
    throw forbidden("Only the merchant's owner can change this.");
  requireFullSession(actor);
  return actor.merchantId;
}

export async function getMerchantRule(ctx: AppContext, actor: Actor): Promise<SecondFactorRule> {
  return { require_second_factor: await readMerchantRule(ctx.db, requireMerchantOwner(actor)) };
}

export async function setMerchantRule(ctx: AppContext, actor: Actor, on: boolean): Promise<SecondFactorRule> {
  const merchantId = requireMerchantOwner(actor);
  await ctx.db.transaction(async (tx) => {
    await writeMerchantRule(tx, merchantId, on, ctx.clock.now());
    await recordAudit(tx, {
      actor,
      merchantId,
      action: 'second_factor_rule.users_changed',
      entityType: 'merchant',
      entityId: merchantId,
      data: { require_second_factor: on },
    });
  });
  return { require_second_factor: on };
}

/**
 * Runs a factor's removal in the caller's transaction behind a lock on the user's row, then refuses
 * (rolling it back) when a rule applies and nothing is left.
 */
export async function removeFactorGuarded<T>(tx: DbOrTx, userId: string, remove: () => Promise<T>): Promise<T> {
  await lockUserForFactorChange(tx, userId);
  const result = await remove();
  if (await owesFactorNow(tx, userId)) throw conflict(LAST_FACTOR_REQUIRED_MESSAGE);
  return result;
}
