import { ROLE } from '@kassa/contract/access';
import type { MerchantUser } from '@kassa/contract/merchant-users';

const ROLE_LABEL: Record<number, string> = {
  [ROLE.MERCHANT_OWNER]: 'Owner',
  [ROLE.MERCHANT_STAFF]: 'Staff',
  [ROLE.MERCHANT_SUB_USER]: 'Sub-user',
};

export const roleLabel = (role: number) => ROLE_LABEL[role] ?? `Role ${role}`;

export function userStatus(user: Pick<MerchantUser, 'is_active' | 'invitation_pending'>) {
  if (!user.is_active) return { label: 'Disabled', bg: 'secondary' };
  if (user.invitation_pending) return { label: 'Invited', bg: 'info' };
  return { label: 'Active', bg: 'success' };
}
