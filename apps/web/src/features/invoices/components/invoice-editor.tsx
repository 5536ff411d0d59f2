// The invoice editor of the add / edit page: the form over a saved invoice (or a new one), saved as
// a draft or saved and sent. The server recomputes the totals; after a save it shows the server's.
import { APP } from '@kassa/contract/access';
import { type Invoice, OPEN_INVOICE_STATUSES } from '@kassa/contract/invoices';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { useAppRights } from '../../../lib/use-access.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useInvoiceNumberSuggestion, useInvoiceProducts, usePaymentOptions } from '../api/invoices-api.ts';
import { CustomerPicker } from './invoice-customer-picker.tsx';
import {
  emptyInvoiceForm,
  type InvoiceFormOutput,
  type InvoiceFormValues,
  invoiceForm,
  invoiceToForm,
} from './invoice-form.ts';
import { InvoiceActions, InvoiceNotices } from './invoice-form-actions.tsx';
import { CustomerFields, InvoiceCard, InvoiceDetailsFields } from './invoice-form-sections.tsx';
import { InvoiceItemsEditor } from './invoice-items-editor.tsx';
import { InvoicePaymentsCard, PaymentTermsCard } from './invoice-payment-terms.tsx';
import { AdjustmentsCard, PaymentOptionsCard } from './invoice-pricing-cards.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { useInvoiceTotals } from './use-invoice-totals.ts';
import { useNewInvoiceDefaults } from './use-new-invoice-defaults.ts';
import { useSaveInvoice } from './use-save-invoice.ts';

export function InvoiceEditor({ invoice, onSaved }: { invoice: Invoice | null; onSaved: (invoice: Invoice) => void }) {
  const { t } = usePortalI18n();
  const rights = useAppRights(APP.INVOICES);
  const isOpen = !invoice || OPEN_INVOICE_STATUSES.includes(invoice.status);
  const mayChange = invoice ? rights.edit : rights.create;
  const readOnly = !isOpen || !mayChange;

  const { data: suggestion } = useInvoiceNumberSuggestion(!invoice);
  const { data: products } = useInvoiceProducts();
  const { data: paymentOptions } = usePaymentOptions();

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    getFieldState,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver: zodResolver(invoiceForm),
    defaultValues: invoice ? invoiceToForm(invoice) : emptyInvoiceForm(),
  });

  useNewInvoiceDefaults({ invoice, suggestion, paymentOptions, setValue, getFieldState });

  const { totals, currency, percentages, showSaved } = useInvoiceTotals(control, invoice, isDirty);

  const saveInvoice = useSaveInvoice({ invoice, onSaved, reset, setError });
  const save = (send: boolean) => handleSubmit((values) => saveInvoice(values, send));

  const isDraft = !invoice || invoice.status === 'draft';
  const title = invoice ? t('invoices.editor.title', { number: invoice.invoice_number }) : t('invoices.editor.new');

  return (
    <section>
      <PageHeader
        title={title}
        description={invoice ? undefined : t('invoices.editor.description')}
        actions={invoice && <InvoiceStatusBadge status={invoice.status} />}
      />
      <InvoiceNotices invoice={invoice} isOpen={isOpen} mayChange={mayChange} />
      <Form noValidate onSubmit={save(false)} aria-label={title}>
        <fieldset disabled={readOnly || isSubmitting}>
          <Row className="g-4">
            <Col lg={8}>
              <CustomerFields
                register={register}
                errors={errors}
                picker={
                  <CustomerPicker
                    customerId={watch('customer_id')}
                    disabled={readOnly}
                    onPick={(customer) => {
                      const dirty = { shouldDirty: true };
                      setValue('customer_id', customer?.id ?? '', dirty);
                      if (!customer) return;
                      setValue('customer_first_name', customer.firstName, dirty);
                      setValue('customer_last_name', customer.lastName, dirty);
                      if (customer.email) setValue('customer_email', customer.email, dirty);
                    }}
                  />
                }
              />
              <InvoiceDetailsFields register={register} errors={errors} />
              <InvoiceCard title={t('invoices.items.title')}>
                <InvoiceItemsEditor
                  control={control}
                  register={register}
                  setValue={setValue}
                  errors={errors}
                  products={products ?? []}
                  disabled={readOnly}
                />
              </InvoiceCard>
              <InvoiceCard>
                <RichTextField
                  control={control}
                  name="comment"
                  id="inv-comment"
                  label={t('invoices.editor.comment')}
                  caption={t('invoices.editor.commentCaption')}
                  labelClassName="h6 d-block"
                  error={errors.comment?.message}
                />
              </InvoiceCard>
            </Col>

            <Col lg={4}>
              {/* One sticky column: cards that stuck each on their own were drawn over one another. */}
              <div className="invoice-side">
                <AdjustmentsCard
                  register={register}
                  errors={errors}
                  totals={totals}
                  currency={currency}
                  percentages={percentages}
                  isSaved={showSaved}
                />
                {invoice && invoice.status !== 'draft' && <InvoicePaymentsCard invoice={invoice} />}
                <PaymentTermsCard register={register} errors={errors} />
                <PaymentOptionsCard register={register} errors={errors} options={paymentOptions ?? []} />
              </div>
            </Col>
          </Row>
        </fieldset>
        <InvoiceActions
          readOnly={readOnly}
          isDraft={isDraft}
          pending={isSubmitting}
          onSend={save(true)}
          savedInvoice={invoice ? { id: invoice.id, number: invoice.invoice_number } : null}
        />
      </Form>
    </section>
  );
}
