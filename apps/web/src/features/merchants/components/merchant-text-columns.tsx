// Runs of plain text boxes in the merchant form, each in its grid column, described as data: the
// business name and e-mail, the address lines and the owner differ only in name, label and width.
import Col, { type ColProps } from 'react-bootstrap/Col';
import type { Path, UseFormReturn } from 'react-hook-form';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';
import { MerchantTextField } from './merchant-text-field.tsx';

export type MerchantTextColumn = {
  name: Path<MerchantFormInput>;
  label: string;
  type?: string;
  autoComplete?: string;
  width: Pick<ColProps, 'xs' | 'md'>;
};

export function MerchantTextColumns({
  form,
  columns,
}: {
  form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues>;
  columns: MerchantTextColumn[];
}) {
  return columns.map(({ width, ...field }) => (
    <Col key={field.name} {...width}>
      <MerchantTextField form={form} {...field} />
    </Col>
  ));
}
