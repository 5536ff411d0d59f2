// The invitation e-mail: a single-use link (7 days) to set a first password, redeemed by
// POST /auth/reset-password/ like a reset link.

import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { INVITATION_TTL_DAYS } from '@kassa/contract/merchant-users';
import type { AppContext } from '../../context.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { findMerchantName } from './merchant-users.queries.ts';

export interface Invitation {
  merchantId: string;
  to: string;
  firstName: string;
  link: string;
  /** The invited user's language, when known; English otherwise (docs/i18n.md). */
  locale?: string | null;
}

export async function mailInvitation(ctx: AppContext, invitation: Invitation) {
  const merchant = await findMerchantName(ctx.db, invitation.merchantId);
  const { t } = emailTranslator(invitation.locale);
  await ctx.mailer.send({
    to: invitation.to,
    subject: t('merchantInvite.subject', { merchant }),
    ...mailLines([
      t('mail.hello', { name: invitation.firstName }),
      '',
      t('merchantInvite.intro', { merchant }),
      t('merchantInvite.expiry', { days: INVITATION_TTL_DAYS }),
      { text: (link) => link, href: invitation.link, label: t('merchantInvite.link') },
      '',
    ]),
  });
}
