// GET/PUT /auth/access/{id}/ (docs/product-rules.md#roles-and-permissions: per-user access settings, fetched and updated per user id;
// docs/ARCHITECTURE.md). Anyone may read their own; platform admins may read anyone's; merchant owners,
// staff and sub-users with Users access manage the users of their own merchant. Another merchant's
// user is "not found", never "forbidden", so ids reveal nothing across tenants.
import { CANNOT_GIVE_MORE_ACCESS, mayGrantCode, ROLE } from '@kassa/contract/access';
import type { AccessPut, AppAccessEntry } from '@kassa/contract/auth';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type MerchantScope, requireUserManagement } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, forbidden, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserScope, replaceStoredAccess, selectStoredAccess } from './access.queries.ts';
import { accessListForRole, accessRowsFromPut, type StoredAccess } from './access-list.ts';

// A merchant user's app access as stored, for the module that invites and edits merchant users.
export { accessRowsFromPut, type StoredAccess } from './access-list.ts';

const USER_NOT_FOUND = 'User not found.';

/** Gives a user just invited the app access its inviter chose (checked by the inviting module); none chosen, none stored. */
export async function grantInvitedAccess(tx: DbOrTx, userId: string, access: StoredAccess[]): Promise<void> {
  if (access.length > 0) await replaceStoredAccess(tx, userId, access);
}

async function loadTarget(ctx: AppContext, userId: string) {
  const target = await findUserScope(ctx.db, userId);
  if (!target) throw notFound(USER_NOT_FOUND);
  return target;
}

/**
 * One's own access list, or anyone's for the platform admin; other users' lists take view on Users,
 * within one's merchant. Null: no tenant to hold the user to.
 */
export function requireAccessListReader(actor: Actor, userId: unknown): MerchantScope | null {
  const isOwnOrAdmin = userId === actor.userId || actor.role === ROLE.PLATFORM_ADMIN;
  // Staff admins (4) are not merchant users: requireUserManagement refuses them.
  return isOwnOrAdmin ? null : requireUserManagement(actor, 'view');
}

export async function getUserAccess(ctx: AppContext, actor: Actor, userId: string): Promise<AppAccessEntry[]> {
  const scope = requireAccessListReader(actor, userId);
  const target = await loadTarget(ctx, userId);
  if (scope && target.merchantId !== scope.merchantId) throw notFound(USER_NOT_FOUND);
  return accessListForRole(target.role, await selectStoredAccess(ctx.db, userId));
}

export async function updateUserAccess(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: AccessPut,
): Promise<AppAccessEntry[]> {
  const scope = requireUserManagement(actor, 'edit');
  const target = await loadTarget(ctx, userId);
  if (target.merchantId !== scope.merchantId) throw notFound(USER_NOT_FOUND);
  if (target.role !== ROLE.MERCHANT_SUB_USER) {
    throw businessRule('Owners and staff always have full access; their access is fixed by their role.');
  }
  // Nobody widens their own rights: a sub-user with Users edit access changes other users only.
  if (target.id === actor.userId) throw businessRule('You cannot change your own access.');
  const rows = accessRowsFromPut(body);
  const before = await selectStoredAccess(ctx.db, userId);
  // A sub-user never hands out more than it holds: it may take any code away, and keep codes the
  // user already had, but add only codes of its own (the same rule as its invitations).
  const had = new Map(before.map((row) => [row.app, row.access]));
  const adds = (app: number, code: number) => !had.get(app)?.includes(code);
  if (rows.some((row) => row.access.some((code) => adds(row.app, code) && !mayGrantCode(actor, row.app, code)))) {
    throw forbidden(CANNOT_GIVE_MORE_ACCESS);
  }
  await ctx.db.transaction(async (tx) => {
    await replaceStoredAccess(tx, userId, rows);
    await recordAudit(tx, {
      actor,
      merchantId: scope.merchantId,
      action: 'user.access_updated',
      entityType: 'user',
      entityId: userId,
      data: { before, after: rows },
    });
  });
  return accessListForRole(target.role, rows);
}
