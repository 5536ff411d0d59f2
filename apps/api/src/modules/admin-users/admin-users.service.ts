// Creating, editing and disabling staff admins (role 4) with their four view flags (docs/product-rules.md#entities,
// docs/product-rules.md#roles-and-permissions). Platform admins only; every change of flags or status goes to the audit log.
import { ADMIN_PERMISSION_FLAGS, type AdminPermissionFlag, ROLE } from '@kassa/contract/access';
import type { AdminUserPatchBody } from '@kassa/contract/admin-users';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findStaffAdminPermissions } from '../users/admin-permissions.service.ts';
import { type PermissionFlags, updateStaffAdminUser, upsertAdminPermissions } from './admin-users.queries.ts';
import { createInvitedUser, sendInvitation } from './invitation.ts';

// Inviting a user by e-mail, shared with merchant registration (its first owner is invited).
export { createInvitedUser, sendInvitation } from './invitation.ts';

type Flags = Record<AdminPermissionFlag, 0 | 1>;

const toColumns = (f: Flags): PermissionFlags => ({
  viewMerchant: f.view_merchant,
  viewCatalog: f.view_catalog,
  viewTransactions: f.view_transactions,
  viewIndustryType: f.view_industry_type,
});

const flagsOf = (set: AdminPermissionSet): Flags => ({
  view_merchant: set.view_merchant,
  view_catalog: set.view_catalog,
  view_transactions: set.view_transactions,
  view_industry_type: set.view_industry_type,
});

async function loadStaffAdmin(db: DbOrTx, userId: string): Promise<AdminPermissionSet> {
  const admin = await findStaffAdminPermissions(db, userId);
  if (!admin) throw notFound('Staff admin not found.');
  return admin;
}

export async function createStaffAdmin(
  ctx: AppContext,
  actor: Actor,
  body: { first_name: string; last_name: string; email: string } & Flags,
  log: FastifyBaseLogger,
) {
  requirePlatformAdmin(actor);
  const now = ctx.clock.now();
  const flags: Flags = {
    view_merchant: body.view_merchant,
    view_catalog: body.view_catalog,
    view_transactions: body.view_transactions,
    view_industry_type: body.view_industry_type,
  };
  const { userId, token } = await ctx.db.transaction(async (tx) => {
    const { user, token } = await createInvitedUser(
      tx,
      {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        role: ROLE.STAFF_ADMIN,
        merchantId: null,
      },
      now,
    );
    await upsertAdminPermissions(tx, user.id, toColumns(flags), now);
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'admin_user.created',
      entityType: 'user',
      entityId: user.id,
      data: { email: user.email, permissions: flags },
    });
    return { userId: user.id, token };
  });
  const mailed = await sendInvitation(
    ctx,
    { email: body.email, firstName: body.first_name, token, invitedAs: { role: 'staff_admin' } },
    log,
  );
  return {
    admin: await loadStaffAdmin(ctx.db, userId),
    message: mailed
      ? `Staff admin created. An invitation was sent to ${body.email}.`
      : `Staff admin created, but the invitation e-mail to ${body.email} could not be sent.`,
  };
}

export async function patchStaffAdmin(ctx: AppContext, actor: Actor, userId: string, body: AdminUserPatchBody) {
  requirePlatformAdmin(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await loadStaffAdmin(tx, userId);
    const flags = { ...flagsOf(before) };
    for (const flag of ADMIN_PERMISSION_FLAGS) {
      const value = body[flag];
      if (value !== undefined) flags[flag] = value;
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['first_name', 'last_name', 'is_active', ...ADMIN_PERMISSION_FLAGS] as const) {
      const value = body[key];
      if (value !== undefined && value !== before[key]) changes[key] = { from: before[key], to: value };
    }
    if (Object.keys(changes).length === 0) return;
    await updateStaffAdminUser(tx, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      isActive: body.is_active,
      updatedAt: now,
    });
    await upsertAdminPermissions(tx, userId, toColumns(flags), now);
    // A disabled staff admin's requests are refused from the next one on (the auth plugin checks is_active).
    await recordAudit(tx, {
      actor,
      merchantId: null,
      action: 'admin_user.updated',
      entityType: 'user',
      entityId: userId,
      data: { email: before.email, changes },
    });
  });
  return { admin: await loadStaffAdmin(ctx.db, userId), message: 'Staff admin saved.' };
}
