// Who may use a signed-in route at all, declared on the route as `config: { access: … }`. The auth
// plugin resolves the bearer token and applies the rule in onRequest, before the request is
// validated or its body read: a caller without the role, view flag or app access gets 401/403
// whatever it sends, and never learns the route's input rules from field errors. The rule is coarse — role,
// flag, app code, hub, embed segments — because it sees no validated input; tenancy and object
// ownership stay in the services, which keep their own checks.
import type { AccessNeed, AdminPermissionFlag, AppKey } from '@kassa/contract/access';
import type { FastifyRequest } from 'fastify';
import {
  requireAdmin,
  requireAnyAdmin,
  requireDeveloperSettingsAccess,
  requireFullSession,
  requireMerchantAccess,
  requireMerchantUser,
  requirePlatformAdmin,
  requireTransactionAccess,
  requireTransactionReader,
} from './access.ts';
import type { Actor } from './actor.ts';

/**
 * Throws (or rejects with) forbidden when `actor` may not use the route; the request is only for its
 * raw path or query.
 */
export type AccessRule = (actor: Actor, request: FastifyRequest) => unknown;

/** Any signed-in user: routes about the caller itself or reference data the same for everyone. */
export const signedIn: AccessRule = () => undefined;

/** Account changes: a normal session, not an embedded one. */
export const fullSession: AccessRule = requireFullSession;

export const platformAdmin: AccessRule = requirePlatformAdmin;

/** The platform admin, or a staff admin whatever its flags (it reads its own permission set). */
export const anyAdmin: AccessRule = requireAnyAdmin;

/** The platform admin, or a staff admin holding the view flag. */
export const adminView =
  (flag: AdminPermissionFlag): AccessRule =>
  (actor) =>
    requireAdmin(actor, flag);

/** Any user of a merchant (owner, staff or sub-user). */
export const merchantUser: AccessRule = requireMerchantUser;

/** A merchant user with the access code on the app (hub active, app in the embed segments). */
export const merchantApp =
  (app: AppKey, ...needs: [AccessNeed, ...AccessNeed[]]): AccessRule =>
  (actor) => {
    // Several needs: any one of them lets the caller in; the service decides which one the body asks for.
    const [first, ...rest] = needs;
    try {
      requireMerchantAccess(actor, app, first);
    } catch (error) {
      if (!rest.some((need) => allows(() => requireMerchantAccess(actor, app, need)))) throw error;
    }
  };

/** API keys and webhook endpoints: the merchant's owner and staff in a full session. */
export const developerSettings: AccessRule = requireDeveloperSettingsAccess;

/** Reading transactions: admins with view_transactions, merchant users with view on a paying app. */
export const transactionReader: AccessRule = requireTransactionReader;

/** Refunds: merchant users with edit on the Virtual Terminal. */
export const transactionRefunder: AccessRule = (actor) => requireTransactionAccess(actor, 'refund');

function allows(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}
