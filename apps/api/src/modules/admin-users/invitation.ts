// Invited users (a merchant's owner, a staff admin) start without a password and receive a
// single-use link, valid 7 days, to choose one. POST /auth/reset-password/
// redeems it.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { createPasswordToken, INVITE_TOKEN_TTL_MS, passwordLink } from '../auth/password.service.ts';
import { type InvitedUserInsert, insertUserUnlessEmailTaken } from './invitation.queries.ts';

export const emailTaken = (email: string) =>
  conflict(`A user with the e-mail ${email} already exists. Use another e-mail address.`);

/** Call inside the transaction that creates what the user belongs to, so a taken e-mail rolls it all back. */
export async function createInvitedUser(db: DbOrTx, values: InvitedUserInsert, now: Date) {
  const user = await insertUserUnlessEmailTaken(db, values);
  if (!user) throw emailTaken(values.email);
  const token = await createPasswordToken({ db, userId: user.id, purpose: 'invite', ttlMs: INVITE_TOKEN_TTL_MS, now });
  return { user, token };
}

/**
 * Sent after the transaction commits. A mail failure does not undo the registration: the caller tells
 * the admin instead (false), and the log keeps the cause.
 */
export async function sendInvitation(
  ctx: AppContext,
  invite: { email: string; firstName: string; token: string; invitedAs: string },
  log: FastifyBaseLogger,
): Promise<boolean> {
  const message = {
    to: invite.email,
    subject: 'You are invited to Kassa',
    text: [
      `Hello ${invite.firstName},`,
      '',
      `You have been invited to Kassa as ${invite.invitedAs}. To choose your password and sign in, open:`,
      passwordLink(ctx.config.publicUrl, invite.token),
      '',
      'The link works once and expires in 7 days. Ask your platform administrator for a new one if it has expired.',
    ].join('\n'),
  };
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (err) {
    log.error({ err }, 'could not send an invitation e-mail');
    return false;
  }
}
