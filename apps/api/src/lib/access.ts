// Tenant and permission checks in one place (docs/ARCHITECTURE.md). A route declares the coarse one as its
// access rule (route-access.ts), applied before its input is validated; the service's first line
// still calls one of these for the tenant scope. The menu the web app hides is never the only check.
import {
  type AccessNeed,
  type AdminPermissionFlag,
  APP,
  type AppKey,
  appAccessRefusal,
  hasAdminFlag,
  isAdminRole,
  isFullSession,
  isMerchantRole,
  ROLE,
  transactionAccessRefusal,
} from '@kassa/contract/access';
import type { AppContext } from '../context.ts';
import type { Actor } from './actor.ts';
import { forbidden, notFound } from './app-error.ts';
import { findSubMerchantIds } from './db/merchant-tree.ts';

export const BLOCKED_MERCHANT_MESSAGE = 'This merchant account is blocked. Contact the platform administrator.';

export interface MerchantScope {
  merchantId: string;
}

/** Any user of a merchant, whatever its app access. */
export function requireMerchantUser(actor: Actor): MerchantScope {
  if (!isMerchantRole(actor.role) || !actor.merchantId) throw forbidden('This is for merchant accounts.');
  return { merchantId: actor.merchantId };
}

/**
 * A merchant user acting on its own merchant's data through one app. Returns the merchant scope that
 * queries must take, so a query without a tenant is a type error. The rule is the contract's
 * (appAccessRefusal), the one the web hides its controls by.
 */
export function requireMerchantAccess(actor: Actor, app: AppKey, need: AccessNeed): MerchantScope {
  const { merchantId } = requireMerchantUser(actor);
  const refusal = appAccessRefusal(actor, app, need);
  if (refusal) throw forbidden(refusal);
  return { merchantId };
}

/** Only merchant owners and staff manage users; a sub-user needs Users access. */
export function requireUserManagement(actor: Actor, need: AccessNeed): MerchantScope {
  return requireMerchantAccess(actor, APP.USERS, need);
}

/** Platform admins may do everything; staff admins only what their view flag allows. */
export function requireAdmin(actor: Actor, flag: AdminPermissionFlag | null) {
  if (actor.role === ROLE.PLATFORM_ADMIN) return;
  if (flag && hasAdminFlag(actor, flag)) return;
  throw forbidden();
}

/** Either kind of administrator, whatever a staff admin's view flags. */
export function requireAnyAdmin(actor: Actor) {
  if (!isAdminRole(actor.role)) throw forbidden();
}

export const requirePlatformAdmin = (actor: Actor) => {
  if (actor.role !== ROLE.PLATFORM_ADMIN) throw forbidden('Only platform administrators can do that.');
};

/**
 * Transactions have no app of their own (docs/ARCHITECTURE.md): the contract's transactionAccessRefusal
 * says who sees and who refunds them.
 */
export function requireTransactionAccess(actor: Actor, need: 'view' | 'refund'): MerchantScope {
  const { merchantId } = requireMerchantUser(actor);
  const refusal = transactionAccessRefusal(actor, need);
  if (refusal) throw forbidden(refusal);
  return { merchantId };
}

/** Reading transactions: an admin needs view_transactions, a merchant user view on a paying app. */
export function requireTransactionReader(actor: Actor) {
  if (isAdminRole(actor.role)) requireAdmin(actor, 'view_transactions');
  else requireTransactionAccess(actor, 'view');
}

/**
 * Account-level changes (profile, business profile, password) need a full session: an embed session
 * acts for the owner inside a parent site, limited to its segments, and must not change the account.
 */
export function requireFullSession(actor: Actor) {
  if (!isFullSession(actor)) throw forbidden('Open Kassa directly to change account settings.');
}

/**
 * Developer settings (API keys, webhook endpoints): the merchant's owner and staff (roles 2, 5) in a
 * full session. An API key passes only where the route also declares a scope it holds (a key acts as
 * the owner); the key management routes declare none, so no key ever manages keys.
 */
export function requireDeveloperSettingsAccess(actor: Actor): MerchantScope {
  if (!isMerchantRole(actor.role) || !actor.merchantId) throw forbidden('This is for merchant accounts.');
  if (actor.segments) throw forbidden('Developer settings cannot be changed from an embedded session.');
  if (actor.role !== ROLE.MERCHANT_OWNER && actor.role !== ROLE.MERCHANT_STAFF) {
    throw forbidden('Only the merchant’s owner and staff manage developer settings.');
  }
  return { merchantId: actor.merchantId };
}

// Read access across the merchant tree (docs/ARCHITECTURE.md): a master merchant's users may read their
// sub-merchants' data, never write it; a sub-merchant never sees its master's. Writes keep using
// requireMerchantAccess's single merchant id.
export interface ReadScope {
  /** The caller's own merchant. */
  merchantId: string;
  /** The merchants this read covers: the caller's own, one sub-merchant, or (all) both. */
  merchantIds: string[];
}

/**
 * `requested` is the `merchant_id` query parameter: absent or the caller's own id → its own data; a
 * sub-merchant's id → that sub-merchant; 'all' → itself and every sub-merchant. Anything else is
 * answered 404, like any other tenant's object.
 */
export async function requireMerchantRead(
  ctx: AppContext,
  actor: Actor,
  app: AppKey,
  requested: string | undefined,
  need: AccessNeed = 'view',
): Promise<ReadScope> {
  const { merchantId } = requireMerchantAccess(actor, app, need);
  if (!requested || requested === merchantId) return { merchantId, merchantIds: [merchantId] };
  const subs = await findSubMerchantIds(ctx.db, merchantId);
  if (requested === 'all') return { merchantId, merchantIds: [merchantId, ...subs] };
  if (!subs.includes(requested)) throw notFound('Merchant not found.');
  return { merchantId, merchantIds: [requested] };
}
