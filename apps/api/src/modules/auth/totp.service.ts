// Authenticator apps and recovery codes on the user's own account (docs/ARCHITECTURE.md, the sign-in
// path). Enrolment stores a sealed secret that counts only once a first code confirms it; confirming
// answers the ten recovery codes, shown this once. Removing the app or replacing the codes asks for a
// current code or the password: a stolen session alone must not turn the second step off.
import type { RecoveryCodesResult, TotpEnrolment, TotpProofBody, TotpStatus } from '@kassa/contract/auth';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, invalid, unauthorized } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { releaseAccountLimit, requireAccountLimit, SECOND_FACTOR_FAILURE_LIMIT } from './account-limits.ts';
import { findUserById, type UserCredentials } from './auth-users.queries.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { removeFactorGuarded } from './second-factor-rules.service.ts';
import { mailSecurityNotice } from './security-notice.ts';
import {
  countUnusedRecoveryCodes,
  deleteUserTotp,
  findUserTotp,
  replaceRecoveryCodes,
  takeTimeStep,
  upsertPendingTotp,
} from './totp.queries.ts';
import { matchingTimeStep, newTotpSecret, totpQrSvg, totpUrl } from './totp-code.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret.ts';

const WRONG_CODE = 'That code is not correct. Check the time on your phone and try again.';
export const REUSED_CODE = 'This code was already used. Wait for the next code in your app.';

export { resealTotpSecrets } from './totp-key-rotation.ts';
export { openTotpSecret } from './totp-secret.ts';

async function accountOf(ctx: AppContext, actor: Actor): Promise<UserCredentials> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  return user;
}

export async function getTotpStatus(ctx: AppContext, actor: Actor): Promise<TotpStatus> {
  const row = await findUserTotp(ctx.db, actor.userId);
  const confirmedAt = row?.confirmedAt ?? null;
  return {
    enabled: confirmedAt !== null,
    confirmed_at: confirmedAt?.toISOString() ?? null,
    recovery_codes_left: confirmedAt ? await countUnusedRecoveryCodes(ctx.db, actor.userId) : 0,
  };
}

/** POST /auth/totp/: a new secret each call, replacing an unconfirmed one; 409 once an app is on. */
export async function startTotpEnrolment(ctx: AppContext, actor: Actor): Promise<TotpEnrolment> {
  const user = await accountOf(ctx, actor);
  const secret = newTotpSecret();
  const stored = await upsertPendingTotp(ctx.db, user.id, sealTotpSecret(ctx.keys, user.id, secret), ctx.clock.now());
  if (!stored) throw conflict('An authenticator app is already set up. Remove it first to set up another.');
  const otpauthUrl = totpUrl(secret, user.email);
  return { secret, otpauth_url: otpauthUrl, qr_svg: await totpQrSvg(otpauthUrl) };
}

/** POST /auth/totp/confirm/: the first code turns the app on and answers the recovery codes. */
export async function confirmTotp(ctx: AppContext, actor: Actor, code: string): Promise<RecoveryCodesResult> {
  const user = await accountOf(ctx, actor);
  const row = await findUserTotp(ctx.db, user.id);
  if (!row) throw conflict('Start setting up the authenticator app first.');
  if (row.confirmedAt) throw conflict('An authenticator app is already set up.');
  const now = ctx.clock.now();
  const attempt = await requireAccountLimit(ctx, SECOND_FACTOR_FAILURE_LIMIT, user.id);
  const step = matchingTimeStep(openTotpSecret(ctx.keys, user.id, row.secret), code, now);
  if (step === null) throw invalid('code', WRONG_CODE);
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    // A parallel confirmation (or a restarted enrolment) leaves nothing to confirm: one of them wins.
    if (!(await takeTimeStep(tx, user.id, step, { confirming: true, now })))
      throw conflict('This set-up is no longer pending. Start again.');
    await replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => recoveryCodeHash(user.id, c)),
      now,
    );
    await recordAudit(tx, auditOf(actor, 'totp.enabled'));
  });
  await releaseAccountLimit(ctx, attempt);
  await mailSecurityNotice(ctx, user, { kind: 'totp_added' });
  return { recovery_codes: codes };
}

/** DELETE /auth/totp/: the account goes back to codes sent by e-mail. */
export async function removeTotp(ctx: AppContext, actor: Actor, proof: TotpProofBody): Promise<void> {
  const user = await accountOf(ctx, actor);
  await requireProof(ctx, user, proof);
  await ctx.db.transaction(async (tx) => {
    const removed = await removeFactorGuarded(tx, user.id, () => deleteUserTotp(tx, user.id));
    if (!removed) throw conflict('No authenticator app is set up.');
    await recordAudit(tx, auditOf(actor, 'totp.removed'));
  });
  await mailSecurityNotice(ctx, user, { kind: 'totp_removed' });
}

/** POST /auth/totp/recovery-codes/: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  actor: Actor,
  proof: TotpProofBody,
): Promise<RecoveryCodesResult> {
  const user = await accountOf(ctx, actor);
  await requireProof(ctx, user, proof);
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => recoveryCodeHash(user.id, c)),
      ctx.clock.now(),
    );
    await recordAudit(tx, auditOf(actor, 'recovery_codes.regenerated'));
  });
  await mailSecurityNotice(ctx, user, { kind: 'recovery_codes_regenerated' });
  return { recovery_codes: codes };
}

/**
 * A current code from the app (spent like a sign-in code: never accepted twice) or the password.
 * Each try is counted per account before it is checked and given back when right, so parallel
 * guesses cannot all slip in before the first failure is counted.
 */
async function requireProof(ctx: AppContext, user: UserCredentials, proof: TotpProofBody) {
  const row = await findUserTotp(ctx.db, user.id);
  if (!row?.confirmedAt) throw conflict('No authenticator app is set up.');
  const attempt = await requireAccountLimit(ctx, SECOND_FACTOR_FAILURE_LIMIT, user.id);
  if (proof.code !== undefined) {
    const now = ctx.clock.now();
    const step = matchingTimeStep(openTotpSecret(ctx.keys, user.id, row.secret), proof.code, now);
    if (step === null) throw invalid('code', WRONG_CODE);
    if (!(await takeTimeStep(ctx.db, user.id, step, { confirming: false, now }))) throw invalid('code', REUSED_CODE);
  } else if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
    // 400, not 401: a wrong password must not make the web client sign the user out.
    throw invalid('password', 'The password is not correct.');
  }
  await releaseAccountLimit(ctx, attempt);
}

const auditOf = (actor: Actor, action: string) => ({
  actor,
  merchantId: actor.merchantId,
  action,
  entityType: 'user',
  entityId: actor.userId,
});
