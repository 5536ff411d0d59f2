// Who the header shows: the logo, the user's name and the initials in the avatar.
import { isMerchantRole, ROLE } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import kassaLogo from '../../assets/kassa-logo.svg';

/** docs/product-rules.md#layout: the merchant's logo; the default Kassa logo for role 1 or a merchant without one. */
export function headerLogo(user: User | null, merchantLogo = 'Merchant logo'): { src: string; alt: string } {
  const logo = user?.merchant?.logo;
  if (!user || user.role === ROLE.PLATFORM_ADMIN || !isMerchantRole(user.role) || !logo) {
    return { src: kassaLogo, alt: 'Kassa' };
  }
  return { src: logo, alt: user.merchant?.name ?? merchantLogo };
}

/** The user's full name, "" when they gave none. */
export const fullName = (user: User | null) =>
  [user?.first_name, user?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** docs/product-rules.md#layout: the user's full name, "Guest" (in the reader's language) when there is none. */
export function displayName(user: User | null, guest = 'Guest') {
  return fullName(user) || guest;
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
