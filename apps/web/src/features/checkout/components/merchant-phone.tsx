// Spec 2.5: the merchant's phone formatted internationally, the raw value when formatting fails.
// libphonenumber's metadata is ~29 KB gzip, the biggest thing on a checkout page: it loads after the
// first render, and the raw number shows until it has (the spec's own fallback), so it never delays
// the payment form.
import { useEffect, useState } from 'react';

export function MerchantPhone({ phone, country }: { phone: string; country: string }) {
  const [formatted, setFormatted] = useState(phone);
  useEffect(() => {
    let current = true;
    setFormatted(phone);
    import('@kassa/contract/phone').then(
      ({ formatInternational }) => current && setFormatted(formatInternational(phone, country)),
      (error: unknown) => console.error('Could not load the phone formatter.', error),
    );
    return () => {
      current = false;
    };
  }, [phone, country]);
  return (
    <a href={`tel:${phone}`} data-testid="merchant-phone">
      {formatted}
    </a>
  );
}
