import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

/** The name and description a buyer sees on a checkout page (products, quick payments). */
export function NameDescriptionFields({
  idPrefix,
  nameLabel,
  name,
  description,
  errors,
}: {
  /** "product" gives the ids product-name and product-description. */
  idPrefix: string;
  nameLabel: string;
  name: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors: { name?: { message?: string }; description?: { message?: string } };
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={nameLabel}
        groupClassName="mb-3"
        error={errors.name?.message}
        {...name}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        groupClassName="mb-3"
        as="textarea"
        rows={2}
        error={errors.description?.message}
        {...description}
      />
    </>
  );
}
