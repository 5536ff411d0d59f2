// New recurring invoice (/recurring-invoices/new, ?customer_id=… from a customer's page) or a change
// of one (/recurring-invoices/{id}/edit): customer, lines as on an invoice, schedule. The server
// prices the lines and answers the schedule it will follow.
import { APP } from '@kassa/contract/access';
import type { Customer } from '@kassa/contract/customers';
import { dayOf, type RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { CurrencyOptions } from '../../components/currency-options.tsx';
import { ListError } from '../../components/data-list/list-states.tsx';
import { SelectField, TextField } from '../../components/form/text-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { PATHS, recurringInvoicePath } from '../../config/paths.ts';
import { apiSuccessMessage } from '../../lib/api-client.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { zodResolver } from '../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { CustomerPicker } from '../customers/index.ts';
import { InvoiceItemsEditor, InvoiceTotalsPanel, useInvoiceProducts, watchedTotals } from '../invoices/index.ts';
import { createRecurringInvoice, patchRecurringInvoice, useRecurringInvoice } from './api/recurring-invoices-api.ts';
import {
  emptyRecurringForm,
  RECURRING_FIELDS,
  type RecurringFormOutput,
  type RecurringFormValues,
  recurringForm,
  recurringToForm,
  toBody,
  toPatch,
} from './components/recurring-form.ts';
import { ScheduleFields } from './components/schedule-fields.tsx';

const ADJUSTMENT_LABEL = {
  discount: 'recurring.form.discount',
  shipping: 'recurring.form.shipping',
  tax: 'recurring.form.tax',
} as const;

const isRecurringListKey = (key: unknown) => typeof key === 'string' && key.startsWith('/recurring-invoice/');

function RecurringEditor({ saved, customer }: { saved: RecurringInvoice | null; customer: Customer | null }) {
  const { t } = usePortalI18n();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: products } = useInvoiceProducts();
  const [chosen, setChosen] = useState<Customer | null>(customer);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecurringFormValues, unknown, RecurringFormOutput>({
    resolver: zodResolver(recurringForm),
    defaultValues: saved ? recurringToForm(saved) : emptyRecurringForm(dayOf(new Date()), customer?.id),
  });
  const { totals, currency, percentages } = watchedTotals(useWatch({ control }));

  const save = (status: 'active' | 'draft') =>
    handleSubmit(async (values) => {
      try {
        const result = saved
          ? await patchRecurringInvoice(saved.id, toPatch(values, saved))
          : await createRecurringInvoice({ ...toBody(values), status });
        showToast('success', apiSuccessMessage(result.message, t('recurring.toast.saved')));
        void mutate(isRecurringListKey);
        navigate(recurringInvoicePath(result.result.id));
      } catch (error) {
        applyFieldErrors(error, setError, RECURRING_FIELDS);
        toastApiError(error, t('invoices.toast.failed'));
      }
    });

  const title = saved ? t('recurring.form.changeTitle', { name: saved.customer_name }) : t('recurring.new');
  return (
    <section>
      <p className="mb-2">
        <Link to={saved ? recurringInvoicePath(saved.id) : PATHS.recurringInvoices}>← {t('recurring.form.back')}</Link>
      </p>
      <PageHeader title={title} description={t('recurring.form.description')} />
      <Form noValidate onSubmit={save('active')} aria-label={title}>
        <fieldset disabled={isSubmitting}>
          <Row className="g-4">
            <Col lg={8}>
              <Card className="mb-3">
                <Card.Body>
                  {saved ? (
                    <div data-testid="rec-customer-fixed">
                      <div className="form-label">{t('invoices.customer.title')}</div>
                      <div className="fw-semibold">{saved.customer_name}</div>
                      <div className="small text-body-secondary">{saved.customer_email}</div>
                    </div>
                  ) : (
                    <CustomerPicker
                      id="rec-customer"
                      label={t('invoices.customer.title')}
                      value={chosen}
                      onChange={(next) => {
                        setChosen(next);
                        setValue('customer_id', next?.id ?? '', { shouldValidate: Boolean(next) });
                      }}
                      help={t('recurring.form.customerHelp')}
                    />
                  )}
                  {errors.customer_id && (
                    <div className="invalid-feedback d-block" data-testid="rec-customer-error">
                      {errors.customer_id.message}
                    </div>
                  )}
                </Card.Body>
              </Card>
              <Card className="mb-3">
                <Card.Body>
                  <Row className="g-3 mb-2">
                    <Col sm={4}>
                      <SelectField
                        id="rec-currency"
                        label={t('invoices.details.currency')}
                        error={errors.currency?.message}
                        {...register('currency')}
                      >
                        <CurrencyOptions />
                      </SelectField>
                    </Col>
                  </Row>
                  <InvoiceItemsEditor
                    control={control}
                    register={register}
                    setValue={setValue}
                    errors={errors}
                    products={products ?? []}
                    disabled={isSubmitting}
                  />
                  <TextField
                    id="rec-description"
                    label={t('recurring.form.notes')}
                    as="textarea"
                    rows={3}
                    error={errors.description?.message}
                    {...register('description')}
                  />
                </Card.Body>
              </Card>
            </Col>
            <Col lg={4}>
              <Card className="mb-3">
                <Card.Body>
                  <h2 className="h6 mb-3">{t('recurring.list.schedule')}</h2>
                  <ScheduleFields control={control} register={register} errors={errors} />
                </Card.Body>
              </Card>
              <Card className="mb-3">
                <Card.Body>
                  <Row className="g-2 mb-2">
                    {(['discount', 'shipping', 'tax'] as const).map((name) => (
                      <Col xs={4} key={name}>
                        <TextField
                          id={`rec-${name}`}
                          label={t(ADJUSTMENT_LABEL[name])}
                          inputMode="decimal"
                          error={errors[`${name}_percentage`]?.message}
                          {...register(`${name}_percentage`)}
                        />
                      </Col>
                    ))}
                  </Row>
                  <InvoiceTotalsPanel
                    totals={totals}
                    currency={currency}
                    percentages={percentages}
                    caption={t('recurring.form.totalsCaption')}
                  />
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </fieldset>
        <div className="d-flex gap-2 justify-content-end">
          {!saved && (
            <Button variant="outline-secondary" onClick={save('draft')} disabled={isSubmitting} data-testid="rec-draft">
              {t('invoices.editor.saveDraft')}
            </Button>
          )}
          <PendingButton
            type="submit"
            pending={isSubmitting}
            label={saved ? t('invoices.editor.saveChanges') : t('recurring.form.saveAndStart')}
            pendingLabel={t('invoices.editor.saving')}
            testId="rec-save"
          />
        </div>
      </Form>
    </section>
  );
}

export function RecurringInvoiceFormPage() {
  const { t } = usePortalI18n();
  const { id } = useParams();
  const [params] = useSearchParams();
  const rights = useAppRights(APP.INVOICES);
  const customerId = params.get('customer_id');
  const { data: saved, error, mutate } = useRecurringInvoice(id);
  const { data: customer, error: customerError } = useSWR<Customer>(
    !id && customerId ? `/customer/${encodeURIComponent(customerId)}/` : null,
  );
  if (!(id ? rights.edit : rights.create)) return <Alert variant="secondary">{t('recurring.form.noAccess')}</Alert>;
  if (error && !saved)
    return <ListError error={error} onRetry={() => mutate()} fallback={t('invoices.editor.loadFailed')} />;
  if (id && !saved) return <PageSpinner />;
  if (!id && customerId && !customer && !customerError) return <PageSpinner />;
  return <RecurringEditor key={saved?.id ?? 'new'} saved={saved ?? null} customer={customer ?? null} />;
}
