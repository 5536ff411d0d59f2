// Who a bearer session token belongs to, read fresh on every request: a disabled user, an ended
// session or a blocked merchant stops working at once, not when the token expires.
import { type AdminPermissions, merchantIsOpen, ROLE } from '@kassa/contract/access';
import type { AppContext } from '../../context.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import { type Actor, actorMerchant } from '../../lib/actor.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { verifyAccessToken } from '../../lib/tokens.ts';
import { findActorRow, findAdminPermissions, findAppAccess } from './actor.queries.ts';

/**
 * The credentials of `Authorization: Bearer <token>`. The scheme name is case-insensitive and may be
 * followed by more than one space (RFC 9110 §11.1 and §11.4), so `bearer sk_…` is the same header.
 */
const BEARER = /^bearer +(\S.*)$/i;
export const bearerToken = (authorization: string | undefined) =>
  authorization ? BEARER.exec(authorization)?.[1]?.trim() : undefined;

export async function resolveActor(ctx: AppContext, authorization: string | undefined): Promise<Actor> {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized('Sign in to continue.');
  const claims = await verifyAccessToken(ctx.keys.tokenSigning, token, ctx.clock.now());
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  const row = await findActorRow(ctx.db, claims.sub, claims.fam);
  if (!row?.isActive || !row.sessionAlive) throw unauthorized('Your session has ended. Please sign in again.');
  if (row.merchantId && !merchantIsOpen({ isBlocked: row.merchantBlocked, removedAt: row.merchantRemovedAt })) {
    throw new AppError('unauthorized', BLOCKED_MERCHANT_MESSAGE);
  }
  const appAccess =
    row.role === ROLE.MERCHANT_SUB_USER
      ? new Map((await findAppAccess(ctx.db, row.id)).map((a) => [a.app, a.access]))
      : null;
  const perms = row.role === ROLE.STAFF_ADMIN ? await findAdminPermissions(ctx.db, row.id) : undefined;
  const adminPermissions = row.role === ROLE.STAFF_ADMIN ? toPermissions(perms) : null;
  return {
    userId: row.id,
    role: row.role,
    ...actorMerchant(row),
    familyId: claims.fam,
    appAccess,
    adminPermissions,
    segments: claims.seg === undefined ? null : claims.seg.split(',').filter(Boolean),
    mustEnrol: Boolean(row.mustEnrol),
  };
}

const flag = (v: number | undefined) => (v === 1 ? 1 : 0);
export const toPermissions = (p: Partial<Record<keyof AdminPermissions, number>> | undefined): AdminPermissions => ({
  view_merchant: flag(p?.view_merchant),
  view_catalog: flag(p?.view_catalog),
  view_transactions: flag(p?.view_transactions),
  view_industry_type: flag(p?.view_industry_type),
});
