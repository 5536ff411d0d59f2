// A merchant's users (docs/ARCHITECTURE.md: app 8 Users). Owners and staff invite staff (5) and sub-users
// (3); only the owner changes roles; nobody disables themselves or the owner; a sub-user with Users
// access never hands out more than it holds. Users are disabled, never deleted: transactions,
// invoices and the audit log keep pointing at them.
import { CANNOT_GIVE_MORE_ACCESS, invitableRoles, mayGrantCode, ROLE } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import {
  MERCHANT_USER_MESSAGES,
  type MerchantUser,
  type MerchantUserPatch,
  type merchantUserInvite,
} from '@kassa/contract/merchant-users';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUserManagement } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, businessRule, forbidden, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createPasswordToken, INVITE_TOKEN_TTL_MS, passwordLink } from '../auth/password.service.ts';
import { endAllSessions } from '../auth/session.service.ts';
import { accessRowsFromPut, grantInvitedAccess, type StoredAccess } from '../users/access.service.ts';
import { mailInvitation } from './invitation-mail.ts';
import {
  findMerchantUser,
  insertInvitedUser,
  listMerchantUsers,
  type MerchantUserRow,
  updateMerchantUser,
} from './merchant-users.queries.ts';

const USER_NOT_FOUND = 'User not found.';
export const EMAIL_TAKEN = 'A user with this e-mail already exists.';

function toMerchantUser(row: MerchantUserRow): MerchantUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    is_active: row.isActive,
    invitation_pending: row.invitationPending,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ListMerchantUsersOptions {
  page: number;
  page_size: number;
  search?: string;
  sort_by?: string;
  is_active?: 'true' | 'false';
}

export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  q: ListMerchantUsersOptions,
): Promise<Page<MerchantUser>> {
  const { merchantId } = requireUserManagement(actor, 'view');
  const { rows, count } = await listMerchantUsers(ctx.db, {
    merchantId,
    search: q.search,
    sortBy: q.sort_by,
    isActive: q.is_active === undefined ? undefined : q.is_active === 'true',
    page: q.page,
    pageSize: q.page_size,
  });
  return pageOf(q, count, rows.map(toMerchantUser));
}

export async function getUser(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireUserManagement(actor, 'view');
  return toMerchantUser(await loadUser(ctx, merchantId, id));
}

/** A sub-user may only invite sub-users, with no code it does not hold itself (the contract's rules). */
function assertGrantable(actor: Actor, role: number, rows: StoredAccess[]) {
  if (!invitableRoles(actor).includes(role)) throw forbidden('Only the owner and staff can invite staff users.');
  const wider = rows.some((row) => row.access.some((code) => !mayGrantCode(actor, row.app, code)));
  if (wider) throw forbidden(CANNOT_GIVE_MORE_ACCESS);
}

export async function inviteUser(ctx: AppContext, actor: Actor, body: z.output<typeof merchantUserInvite>) {
  const { merchantId } = requireUserManagement(actor, 'create');
  const access = body.role === ROLE.MERCHANT_SUB_USER ? accessRowsFromPut({ access: body.access }) : [];
  assertGrantable(actor, body.role, access);
  const now = ctx.clock.now();
  const invited = await ctx.db.transaction(async (tx) => {
    const id = await insertInvitedUser(tx, {
      merchantId,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      role: body.role,
    });
    if (!id) return undefined;
    await grantInvitedAccess(tx, id, access);
    const token = await createPasswordToken({ db: tx, userId: id, purpose: 'invite', ttlMs: INVITE_TOKEN_TTL_MS, now });
    await recordAudit(tx, {
      actor,
      merchantId,
      action: 'user.invited',
      entityType: 'user',
      entityId: id,
      data: { email: body.email, role: body.role, access },
    });
    return { id, token };
  });
  if (!invited) throw new AppError('conflict', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
  await mailInvitation(ctx, {
    merchantId,
    to: body.email,
    firstName: body.first_name,
    link: passwordLink(ctx.config.publicUrl, invited.token),
  });
  return toMerchantUser(await loadUser(ctx, merchantId, invited.id));
}

export async function patchUser(ctx: AppContext, actor: Actor, id: string, body: MerchantUserPatch) {
  const { merchantId } = requireUserManagement(actor, 'edit');
  const target = await loadUser(ctx, merchantId, id);
  if (body.role !== undefined && body.role !== target.role) {
    if (actor.role !== ROLE.MERCHANT_OWNER) throw forbidden('Only the account owner can change roles.');
    if (target.role === ROLE.MERCHANT_OWNER) throw businessRule("The owner's role cannot change.");
  }
  if (body.is_active === false) assertCanDisable(actor, target);
  if (body.is_active === true && actor.role === ROLE.MERCHANT_SUB_USER && target.role !== ROLE.MERCHANT_SUB_USER) {
    throw forbidden('Only the owner and staff can enable staff users.');
  }
  await ctx.db.transaction(async (tx) => {
    await updateMerchantUser(
      tx,
      merchantId,
      id,
      { firstName: body.first_name, lastName: body.last_name, role: body.role, isActive: body.is_active },
      ctx.clock.now(),
    );
    if (body.is_active === false) await endAllSessions(tx, id, ctx.clock.now());
    await recordAudit(tx, { actor, merchantId, action: 'user.updated', entityType: 'user', entityId: id, data: body });
  });
  return toMerchantUser(await loadUser(ctx, merchantId, id));
}

/** DELETE disables: the user can no longer sign in and every session ends at once. */
export async function disableUser(ctx: AppContext, actor: Actor, id: string) {
  const { merchantId } = requireUserManagement(actor, 'delete');
  const target = await loadUser(ctx, merchantId, id);
  assertCanDisable(actor, target);
  await ctx.db.transaction(async (tx) => {
    await updateMerchantUser(tx, merchantId, id, { isActive: false }, ctx.clock.now());
    await endAllSessions(tx, id, ctx.clock.now());
    await recordAudit(tx, { actor, merchantId, action: 'user.disabled', entityType: 'user', entityId: id });
  });
  return MERCHANT_USER_MESSAGES.disabled;
}

function assertCanDisable(actor: Actor, target: MerchantUserRow) {
  if (target.id === actor.userId) throw businessRule('You cannot disable your own account.');
  if (target.role === ROLE.MERCHANT_OWNER) throw businessRule('The account owner cannot be disabled.');
  if (actor.role === ROLE.MERCHANT_SUB_USER && target.role !== ROLE.MERCHANT_SUB_USER) {
    throw forbidden('Only the owner and staff can disable staff users.');
  }
}

async function loadUser(ctx: AppContext, merchantId: string, id: string) {
  const row = await findMerchantUser(ctx.db, merchantId, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}
