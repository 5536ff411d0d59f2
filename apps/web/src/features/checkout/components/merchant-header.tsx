// docs/product-rules.md#product-checkout: the merchant's logo, name, address and phone (merchant-phone.tsx). docs/product-rules.md#public-invoice: an optional
// master-merchant logo.

import type { MerchantData } from '@kassa/contract/checkout';
import { useI18n } from '../../../lib/i18n.tsx';
import { MerchantPhone } from './merchant-phone.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function MerchantLogo({ name, logo, size = 56 }: { name: string; logo: string | null; size?: number }) {
  const { t } = useI18n();
  if (logo) {
    return (
      <img src={logo} alt={t('frame.merchantLogo', { name })} className="merchant-logo" width={size} height={size} />
    );
  }
  return (
    <span className="merchant-logo merchant-logo-fallback" style={{ width: size, height: size }} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export function MerchantHeader({ merchant }: { merchant: MerchantData }) {
  const { t } = useI18n();
  const address = [merchant.address, merchant.city, merchant.state, merchant.country].filter(Boolean).join(', ');
  return (
    <header className="merchant-header" data-testid="merchant-header">
      <MerchantLogo name={merchant.name} logo={merchant.logo} />
      <div className="min-w-0">
        <h1 className="merchant-name" data-testid="merchant-name">
          {merchant.name}
        </h1>
        {address && <p className="merchant-line">{address}</p>}
        {merchant.phone && (
          <p className="merchant-line">
            <MerchantPhone phone={merchant.phone} international={merchant.phone_international} />
          </p>
        )}
      </div>
      {merchant.master_merchant_logo && (
        <img
          src={merchant.master_merchant_logo}
          alt={t('frame.parentLogo')}
          className="master-merchant-logo ms-auto"
          width={120}
          height={32}
        />
      )}
    </header>
  );
}
