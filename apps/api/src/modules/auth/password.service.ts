// Forgotten, reset and changed passwords (docs/ARCHITECTURE.md#layers). A new password ends sessions: a reset
// ends all of them, a change ends every one but the caller's.
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid, unauthorized } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/keys.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { RESET_MAIL_LIMIT, takeAccountLimit } from './account-limits.ts';
import { findUserByEmail, findUserById, setPasswordHash } from './auth-users.queries.ts';
import { consumePasswordToken, findPasswordToken } from './password-tokens.queries.ts';
import { createPasswordToken, passwordLink, RESET_TOKEN_TTL_MS } from './password-tokens.ts';
import { revokeUserFamilies } from './session.queries.ts';

// The set-password link an invitation carries, for the modules that invite users.
export { createPasswordToken, INVITE_TOKEN_TTL_MS, passwordLink } from './password-tokens.ts';

const LINK_GONE = 'This link is invalid or has expired. Ask for a new one.';

/**
 * The work behind forgot-password, run after the answer went out (the route answers the same message
 * at once, whatever the address), so neither the answer nor its timing tells whether an account exists.
 * An account gets a limited number of reset mails per hour; past it, nothing is mailed.
 */
export async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.isActive) return;
  if (!(await takeAccountLimit(ctx, RESET_MAIL_LIMIT, user.id))) return;
  const now = ctx.clock.now();
  const token = await createPasswordToken({
    db: ctx.db,
    userId: user.id,
    purpose: 'reset',
    ttlMs: RESET_TOKEN_TTL_MS,
    now,
  });
  // In the user's profile language (docs/i18n.md), English until they pick one.
  const { t } = emailTranslator(user.locale);
  await ctx.mailer.send({
    to: user.email,
    subject: t('reset.subject'),
    ...mailLines([
      user.firstName ? t('mail.hello', { name: user.firstName }) : t('mail.helloNoName'),
      '',
      t('reset.intro'),
      { text: (link) => link, href: passwordLink(ctx.config.publicUrl, token), label: t('reset.link') },
      '',
      t('reset.expiry'),
    ]),
  });
}

/** Redeems a reset or invitation token: sets the password and ends every session of the user. */
/** Sets the password from a link; says whether the link was an invitation (and whose). */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<{ userId: string; invitation: boolean }> {
  const now = ctx.clock.now();
  const token = await findPasswordToken(ctx.db, hashToken(input.token));
  if (!token || token.usedAt || token.expiresAt.getTime() <= now.getTime()) throw invalid('token', LINK_GONE);
  // Checked before the token is spent, so a refused password does not burn the link.
  assertAcceptablePassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const user = await findUserById(ctx.db, token.userId);
  if (!user) throw invalid('token', LINK_GONE);

  await ctx.db.transaction(async (tx) => {
    if (!(await consumePasswordToken(tx, token.id, now))) throw invalid('token', LINK_GONE);
    await setPasswordHash(tx, token.userId, passwordHash, now);
    await revokeUserFamilies(tx, token.userId, now);
    await recordAudit(tx, {
      actor: { userId: token.userId, role: user.role },
      merchantId: user.merchantId,
      action: token.purpose === 'invite' ? 'password.invite_accepted' : 'password.reset',
      entityType: 'user',
      entityId: token.userId,
    });
  });
  return { userId: token.userId, invitation: token.purpose === 'invite' };
}

/** POST /auth/change-password/: the caller's own session stays, every other one ends. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { oldPassword: string; newPassword: string },
) {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  // 400, not 401: a wrong current password must not make the web client sign the user out.
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
    throw invalid('old_password', 'The current password is not correct.');
  assertAcceptablePassword(input.newPassword, 'new_password');
  if (input.newPassword === input.oldPassword)
    throw invalid('new_password', 'Choose a password different from the current one.');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.userId, passwordHash, now);
    await revokeUserFamilies(tx, actor.userId, now, actor.familyId);
    await recordAudit(tx, {
      actor,
      merchantId: actor.merchantId,
      action: 'password.changed',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
}
