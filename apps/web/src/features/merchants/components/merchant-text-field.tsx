import type { Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import type { MerchantFormInput, MerchantFormValues } from './merchant-form-schema.ts';

/** A text box of the merchant form; "owner.first_name" gets the id and test id merchant-owner-first-name. */
export function MerchantTextField({
  form,
  name,
  label,
  type = 'text',
  autoComplete = 'off',
}: {
  form: UseFormReturn<MerchantFormInput, unknown, MerchantFormValues>;
  name: Path<MerchantFormInput>;
  label: string;
  type?: string;
  autoComplete?: string;
}) {
  // A nested field's error sits under its parent's (owner.email under owner).
  const error = name
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], form.formState.errors) as
    | { message?: string }
    | undefined;
  const testId = `merchant-${name.replace('.', '-').replaceAll('_', '-')}`;
  return (
    <TextField
      id={testId}
      label={label}
      type={type}
      autoComplete={autoComplete}
      error={error?.message}
      {...form.register(name)}
    />
  );
}
