// How the users pages name a merchant user's role and status, in the reader's language.
import { ROLE } from '@kassa/contract/access';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { MerchantUser } from '@kassa/contract/merchant-users';

const ROLE_KEY: Record<number, string> = {
  [ROLE.MERCHANT_OWNER]: 'users.role.owner',
  [ROLE.MERCHANT_STAFF]: 'users.role.staff',
  [ROLE.MERCHANT_SUB_USER]: 'users.role.subUser',
};

export const roleLabel = (role: number, t: Translate) =>
  ROLE_KEY[role] ? t(ROLE_KEY[role]) : t('users.role.other', { role });

export function userStatus(user: Pick<MerchantUser, 'is_active' | 'invitation_pending'>, t: Translate) {
  if (!user.is_active) return { label: t('users.status.disabled'), bg: 'secondary' };
  if (user.invitation_pending) return { label: t('users.status.invited'), bg: 'info' };
  return { label: t('users.status.active'), bg: 'success' };
}
