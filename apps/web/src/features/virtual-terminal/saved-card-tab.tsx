// The Virtual Terminal's "Saved card" tab: pick a customer, one of their saved cards and the
// amount, and charge it without the customer present (a merchant-initiated charge, POST
// /customer/{id}/charge/). No card is typed here, so no hosted fields.
import type { Customer } from '@kassa/contract/customers';
import { useState } from 'react';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { ChargeSavedCardForm, CustomerPicker } from '../customers/index.ts';

export function SavedCardTab() {
  const { t } = usePortalI18n();
  const [customer, setCustomer] = useState<Customer | null>(null);
  return (
    <>
      <CustomerPicker
        id="vt-customer"
        label={t('virtualTerminal.saved.customer')}
        value={customer}
        onChange={setCustomer}
        help={t('virtualTerminal.saved.help')}
      />
      {customer && <ChargeSavedCardForm key={customer.id} customer={customer} />}
    </>
  );
}
