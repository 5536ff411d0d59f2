// The invitation e-mail: a single-use link (7 days) to set a first password, redeemed by
// POST /auth/reset-password/ like a reset link.
import { INVITATION_TTL_DAYS } from '@kassa/contract/merchant-users';
import type { AppContext } from '../../context.ts';
import { findMerchantName } from './merchant-users.queries.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface Invitation {
  merchantId: string;
  to: string;
  firstName: string;
  link: string;
}

export async function mailInvitation(ctx: AppContext, invitation: Invitation) {
  const merchant = await findMerchantName(ctx.db, invitation.merchantId);
  const intro = `${merchant} invited you to its Kassa account.`;
  const expiry = `Set your password within ${INVITATION_TTL_DAYS} days with this link:`;
  await ctx.mailer.send({
    to: invitation.to,
    subject: `You are invited to ${merchant} on Kassa`,
    text: `Hello ${invitation.firstName},\n\n${intro}\n${expiry}\n${invitation.link}\n`,
    html: `<p>Hello ${escapeHtml(invitation.firstName)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(expiry)}<br><a href="${escapeHtml(invitation.link)}">Set your password</a></p>`,
  });
}
