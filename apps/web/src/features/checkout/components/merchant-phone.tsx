// docs/product-rules.md#product-checkout: the merchant's phone formatted internationally, the raw value when formatting fails. The
// API formats it (merchant_data.phone_international, null when it cannot), so a buyer never downloads
// the phone library (~29 KB gzip; buyer JavaScript budget).
export function MerchantPhone({ phone, international }: { phone: string; international: string | null }) {
  return (
    <a href={`tel:${phone}`} data-testid="merchant-phone">
      {international ?? phone}
    </a>
  );
}
