// The signed-in devices of a user (one per refresh-token family, session.service.ts): list them,
// sign one or all others out, and — for a platform admin, or a merchant owner for its own users —
// sign a user out everywhere. Revoking a family also ends its access tokens (the auth plugin checks).
import { ROLE } from '@kassa/contract/access';
import type { AuthSession } from '@kassa/contract/passkeys';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, unauthorized } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from './auth-users.queries.ts';
import { describeDevice, deviceName } from './device-name.ts';
import { mailSecurityNotice } from './security-notice.ts';
import { listLiveSessions, revokeUserFamilies, revokeUserFamily } from './session.queries.ts';

const SESSION_NOT_FOUND = 'This session does not exist or has already ended.';
const USER_NOT_FOUND = 'User not found.';

export async function listSessions(ctx: AppContext, actor: Actor): Promise<AuthSession[]> {
  const rows = await listLiveSessions(ctx.db, actor.userId, ctx.clock.now());
  return rows.map((row) => {
    const device = deviceName(row.userAgent);
    const signedIn = row.signedInAt ?? row.createdAt;
    return {
      id: row.familyId,
      browser: row.segments !== null ? `${device.browser} (embedded)` : device.browser,
      os: device.os,
      place: 'Unknown',
      signed_in_at: signedIn.toISOString(),
      last_seen_at: (row.lastSeenAt ?? signedIn).toISOString(),
      is_current: row.familyId === actor.familyId,
    };
  });
}

/** DELETE /auth/sessions/{id}/: another user's session is as unknown as one that never existed. */
export async function signOutSession(ctx: AppContext, actor: Actor, familyId: string): Promise<void> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const rows = await revokeUserFamily(tx, user.id, familyId, now);
    if (rows.length > 0)
      await recordAudit(tx, {
        actor,
        merchantId: actor.merchantId,
        action: 'session.signed_out',
        entityType: 'user',
        entityId: user.id,
        data: { session_id: familyId },
      });
    return rows;
  });
  if (revoked.length === 0) throw notFound(SESSION_NOT_FOUND);
  await mailSecurityNotice(ctx, user, { kind: 'session_signed_out', device: describeDevice(revoked[0]!.userAgent) });
}

/** POST /auth/sessions/sign-out-others/: every session but the caller's own. */
export async function signOutOtherSessions(ctx: AppContext, actor: Actor): Promise<number> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const count = await ctx.db.transaction(async (tx) => {
    const n = await revokeUserFamilies(tx, user.id, ctx.clock.now(), actor.familyId);
    await recordAudit(tx, {
      actor,
      merchantId: actor.merchantId,
      action: 'session.signed_out_others',
      entityType: 'user',
      entityId: user.id,
      data: { count: n },
    });
    return n;
  });
  if (count > 0) await mailSecurityNotice(ctx, user, { kind: 'all_sessions_signed_out', count, byAdmin: false });
  return count;
}

/**
 * POST /auth/sessions/users/{id}/sign-out/: a platform admin signs any other user out everywhere; a
 * merchant owner the users of its own merchant. Anyone else, or a user out of reach, gets 404.
 */
export async function signOutUserEverywhere(ctx: AppContext, actor: Actor, userId: string): Promise<number> {
  requireFullSession(actor);
  const target = await findUserById(ctx.db, userId);
  const mayAct =
    target !== undefined &&
    target.id !== actor.userId &&
    (actor.role === ROLE.PLATFORM_ADMIN ||
      (actor.role === ROLE.MERCHANT_OWNER && actor.merchantId !== null && target.merchantId === actor.merchantId));
  if (!target || !mayAct) throw notFound(USER_NOT_FOUND);
  const count = await ctx.db.transaction(async (tx) => {
    const n = await revokeUserFamilies(tx, target.id, ctx.clock.now());
    await recordAudit(tx, {
      actor,
      merchantId: target.merchantId,
      action: 'session.signed_out_everywhere',
      entityType: 'user',
      entityId: target.id,
      data: { count: n },
    });
    return n;
  });
  await mailSecurityNotice(ctx, target, { kind: 'all_sessions_signed_out', count, byAdmin: true });
  return count;
}
