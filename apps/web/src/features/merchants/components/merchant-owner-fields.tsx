// The owner part of the register form: the person who gets the merchant's first account.
import Row from 'react-bootstrap/Row';
import type { UseFormReturn } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';
import { type MerchantTextColumn, MerchantTextColumns } from './merchant-text-columns.tsx';

export function MerchantOwnerFields({ form }: { form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues> }) {
  const { t } = usePortalI18n();
  const ownerColumns: MerchantTextColumn[] = [
    { name: 'owner.first_name', label: t('components.person.firstName'), width: { md: 4 } },
    { name: 'owner.last_name', label: t('components.person.lastName'), width: { md: 4 } },
    { name: 'owner.email', label: t('components.person.email'), type: 'email', width: { md: 4 } },
  ];
  return (
    <>
      <h3 className="h6 text-body-secondary mt-4 mb-1">{t('merchants.owner.title')}</h3>
      <p className="small text-body-secondary">{t('merchants.owner.text')}</p>
      <Row className="g-3">
        <MerchantTextColumns form={form} columns={ownerColumns} />
      </Row>
    </>
  );
}
