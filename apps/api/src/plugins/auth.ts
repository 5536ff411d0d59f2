// Resolves the bearer token into request.actor and applies the route's access rule. A signed-in
// route declares `config: { access: rule }` (lib/route-access.ts); both run in onRequest, before
// the path and query are validated and before the body is even read, so a caller who may not use the route gets
// 401/403 and learns nothing about its input. Public routes (checkout, invoice view, embed callback,
// hosted fields) declare no rule. A route documented with bearer security must declare one, and
// only such a route may: the app refuses to start otherwise.

import { type AdminPermissions, ROLE } from '@kassa/contract/access';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import type { AccessRule } from '../lib/route-access.ts';
import { verifyAccessToken } from '../lib/tokens.ts';
import { findActorRow, findAdminPermissions, findAppAccess } from '../modules/auth/actor.queries.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Who may use the route; its presence makes the route a signed-in one. */
    access?: AccessRule;
  }
}

export const BLOCKED_MERCHANT_MESSAGE = 'This merchant account is blocked. Contact the platform administrator.';

export async function resolveActor(ctx: AppContext, authorization: string | undefined): Promise<Actor> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
  if (!token) throw unauthorized('Sign in to continue.');
  const claims = await verifyAccessToken(ctx.keys.tokenSigning, token, ctx.clock.now());
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  const row = await findActorRow(ctx.db, claims.sub, claims.fam);
  if (!row?.isActive || !row.sessionAlive) throw unauthorized('Your session has ended. Please sign in again.');
  if (row.merchantId && (row.merchantBlocked || row.merchantRemovedAt)) {
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
    merchantId: row.merchantId,
    masterMerchantId: row.masterMerchantId ?? null,
    paymentHubStatus: row.paymentHubStatus ?? null,
    financeHubStatus: row.financeHubStatus ?? null,
    familyId: claims.fam,
    appAccess,
    adminPermissions,
    segments: claims.seg === undefined ? null : claims.seg.split(',').filter(Boolean),
  };
}

const flag = (v: number | undefined) => (v === 1 ? 1 : 0);
export const toPermissions = (p: Partial<Record<keyof AdminPermissions, number>> | undefined): AdminPermissions => ({
  view_merchant: flag(p?.view_merchant),
  view_catalog: flag(p?.view_catalog),
  view_transactions: flag(p?.view_transactions),
  view_industry_type: flag(p?.view_industry_type),
});

const declaresBearer = (route: RouteOptions) =>
  ((route.schema as { security?: Record<string, unknown>[] } | undefined)?.security ?? []).some((s) => 'bearer' in s);

function authPlugin(app: FastifyInstance, opts: { ctx: AppContext }) {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRoute', (route) => {
    const hasRule = typeof route.config?.access === 'function';
    if (declaresBearer(route) !== hasRule) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        hasRule
          ? `${methods} ${route.url} has an access rule but does not document bearer security`
          : `${methods} ${route.url} documents bearer security but declares no access rule (config.access)`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    request.actor = await resolveActor(opts.ctx, request.headers.authorization);
    await rule(request.actor, request);
  });
}

export default fp(authPlugin, { name: 'auth' });
