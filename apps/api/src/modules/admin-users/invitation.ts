// Invited users (a merchant's owner, a staff admin) start without a password and receive a
// single-use link, valid 7 days, to choose one. POST /auth/reset-password/
// redeems it.

import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { createPasswordToken, INVITE_TOKEN_TTL_MS, passwordLink } from '../auth/password.service.ts';
import { type InvitedUserInsert, insertUserUnlessEmailTaken } from './invitation.queries.ts';

/** What the invitation makes the user: a staff administrator, or the owner of a merchant. */
export type InvitedAs = { role: 'staff_admin' } | { role: 'owner'; merchant: string };

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
  invite: { email: string; firstName: string; token: string; invitedAs: InvitedAs; locale?: string | null },
  log: FastifyBaseLogger,
): Promise<boolean> {
  // A new user has chosen no language yet: English unless the caller knows theirs (docs/i18n.md).
  const { t } = emailTranslator(invite.locale);
  const message = {
    to: invite.email,
    subject: t('invite.subject'),
    ...mailLines([
      t('mail.hello', { name: invite.firstName }),
      '',
      invite.invitedAs.role === 'owner'
        ? t('invite.introOwner', { merchant: invite.invitedAs.merchant })
        : t('invite.introStaffAdmin'),
      { text: (link) => link, href: passwordLink(ctx.config.publicUrl, invite.token), label: t('invite.link') },
      '',
      t('invite.expiry'),
    ]),
  };
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (err) {
    log.error({ err }, 'could not send an invitation e-mail');
    return false;
  }
}
