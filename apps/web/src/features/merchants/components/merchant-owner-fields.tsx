// The owner part of the register form: the person who gets the merchant's first account.
import Row from 'react-bootstrap/Row';
import type { UseFormReturn } from 'react-hook-form';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';
import { type MerchantTextColumn, MerchantTextColumns } from './merchant-text-columns.tsx';

const OWNER_COLUMNS: MerchantTextColumn[] = [
  { name: 'owner.first_name', label: 'First name', width: { md: 4 } },
  { name: 'owner.last_name', label: 'Last name', width: { md: 4 } },
  { name: 'owner.email', label: 'E-mail', type: 'email', width: { md: 4 } },
];

export function MerchantOwnerFields({ form }: { form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues> }) {
  return (
    <>
      <h3 className="h6 text-body-secondary mt-4 mb-1">Owner</h3>
      <p className="small text-body-secondary">
        The owner receives an e-mail with a single-use link to choose a password.
      </p>
      <Row className="g-3">
        <MerchantTextColumns form={form} columns={OWNER_COLUMNS} />
      </Row>
    </>
  );
}
