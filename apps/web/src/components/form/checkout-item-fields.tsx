import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { CurrencyOptions } from '../currency-options.tsx';
import { SelectField, TextField } from './text-field.tsx';

type Message = { message?: string } | undefined;
type Field = 'name' | 'description' | 'amount' | 'currency';

/**
 * The name, description and amount a buyer sees on a checkout page (products, quick payments). The
 * amount is typed in major units beside its currency; `widths` are their shares of 12 on a wider
 * screen, and `children` more columns on their row.
 */
export function CheckoutItemFields({
  idPrefix,
  labels,
  fields,
  errors,
  widths,
  children,
}: {
  /** "qp" with the amount label "Amount" gives the ids qp-name, qp-description, qp-amount, qp-currency. */
  idPrefix: string;
  /** `amountId` names the amount's id suffix; the English label lower-cased when not given ("price"). */
  labels: { name: string; amount: string; amountId?: string };
  fields: Record<Field, UseFormRegisterReturn>;
  errors: Partial<Record<Field, Message>>;
  widths: [number, number];
  children?: ReactNode;
}) {
  const { t } = usePortalI18n();
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={labels.name}
        groupClassName="mb-3"
        error={errors.name?.message}
        {...fields.name}
      />
      <TextField
        id={`${idPrefix}-description`}
        label={t('components.item.description')}
        groupClassName="mb-3"
        as="textarea"
        rows={2}
        error={errors.description?.message}
        {...fields.description}
      />
      <Row>
        <Col sm={widths[0]}>
          <TextField
            id={`${idPrefix}-${labels.amountId ?? labels.amount.toLowerCase()}`}
            label={labels.amount}
            groupClassName="mb-3"
            inputMode="decimal"
            placeholder={t('components.amount.placeholder')}
            error={errors.amount?.message}
            {...fields.amount}
          />
        </Col>
        <Col sm={widths[1]}>
          <SelectField
            id={`${idPrefix}-currency`}
            label={t('components.currency.label')}
            groupClassName="mb-3"
            error={errors.currency?.message}
            {...fields.currency}
          >
            <CurrencyOptions />
          </SelectField>
        </Col>
        {children}
      </Row>
    </>
  );
}
