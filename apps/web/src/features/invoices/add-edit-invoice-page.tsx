// Add or edit an invoice (docs/product-rules.md#routes /add-edit-invoice, ?id=… to edit): customer,
// number (suggested by the server, unique per merchant), due date, currency, description, items,
// discount / shipping / tax percentages with live totals, payment options, comment; save as a draft
// or save and send. The server recomputes the totals; after a save the page shows the server's.

import { APP } from '@kassa/contract/access';
import { bpsToPercentage, type Invoice, OPEN_INVOICE_STATUSES } from '@kassa/contract/invoices';
import type { InvoiceTotals } from '@kassa/contract/money';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldPath, type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { CurrencyOptions } from '../../components/currency-options.tsx';
import { ListError } from '../../components/data-list/list-states.tsx';
import { RichTextField } from '../../components/form/rich-text-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { PATHS } from '../../config/paths.ts';
import { zodResolver } from '../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { useAppRights } from '../auth/use-access.ts';
import {
  createInvoice,
  isInvoiceListKey,
  updateInvoice,
  useInvoice,
  useInvoiceNumberSuggestion,
  useInvoiceProducts,
  usePaymentOptions,
} from './api/invoices-api.ts';
import {
  emptyInvoiceForm,
  INVOICE_FIELDS,
  type InvoiceFormOutput,
  type InvoiceFormValues,
  invoiceForm,
  invoiceToForm,
  liveTotals,
} from './components/invoice-form.ts';
import { InvoiceItemsEditor } from './components/invoice-items-editor.tsx';
import { InvoiceStatusBadge } from './components/invoice-status-badge.tsx';
import { InvoiceTotalsPanel } from './components/invoice-totals-panel.tsx';
import './invoices.css';
import { SelectField, TextField } from '../../components/form/text-field.tsx';

const ITEM_FIELD = /^items\.\d+\.(product_id|item_name|quantity|price)$/;

/** The API's field errors (docs/ARCHITECTURE.md#api-conventions) next to their fields, item lines included. */
function applyInvoiceErrors(error: unknown, setError: UseFormSetError<InvoiceFormValues>) {
  if (!error || typeof error !== 'object' || !('errors' in error) || !Array.isArray(error.errors)) return;
  for (const entry of error.errors as { path?: string; message?: string }[]) {
    if (!entry.path || !entry.message) continue;
    if ((INVOICE_FIELDS as readonly string[]).includes(entry.path) || ITEM_FIELD.test(entry.path)) {
      setError(entry.path as FieldPath<InvoiceFormValues>, { type: 'server', message: entry.message });
    }
  }
}

const serverTotals = (invoice: Invoice): InvoiceTotals => ({
  sub_total: invoice.sub_total_amount,
  discount: invoice.discount_amount,
  shipping: invoice.shipping_amount,
  tax: invoice.tax_amount,
  total: invoice.total_amount,
});

export function AddEditInvoicePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: invoice, error, mutate } = useInvoice(id);
  if (id && error && !invoice) {
    return (
      <section>
        <PageHeader title="Edit invoice" />
        <ListError error={error} onRetry={() => mutate()} fallback="An error occurred while fetching data." />
      </section>
    );
  }
  if (id && !invoice) return <PageSpinner />;
  // A new key per invoice: the form starts from that invoice's saved values.
  return (
    <InvoiceEditor key={invoice?.id ?? 'new'} invoice={invoice ?? null} onSaved={(saved) => mutate(saved, false)} />
  );
}

function InvoiceEditor({ invoice, onSaved }: { invoice: Invoice | null; onSaved: (invoice: Invoice) => void }) {
  const navigate = useNavigate();
  const { mutate: mutateCache } = useSWRConfig();
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
    formState: { errors, isSubmitting, isDirty },
  } = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver: zodResolver(invoiceForm),
    defaultValues: invoice ? invoiceToForm(invoice) : emptyInvoiceForm(),
  });

  // docs/product-rules.md#api-calls: a new invoice starts with the server's suggested number, unless the user typed one.
  useEffect(() => {
    if (suggestion && !getFieldState('invoice_number').isDirty) {
      setValue('invoice_number', suggestion.invoice_number);
    }
  }, [suggestion, setValue, getFieldState]);

  // A new invoice offers every payment option the merchant has set up.
  useEffect(() => {
    if (!invoice && paymentOptions && !getFieldState('payment_options').isDirty) {
      setValue(
        'payment_options',
        paymentOptions.map((option) => option.key),
      );
    }
  }, [invoice, paymentOptions, setValue, getFieldState]);

  const watched = useWatch({ control });
  const currency = watched.currency || 'USD';
  const percentages = {
    discount: watched.discount_percentage ?? '0',
    shipping: watched.shipping_percentage ?? '0',
    tax: watched.tax_percentage ?? '0',
  };
  const showSaved = invoice !== null && !isDirty;
  const totals = showSaved
    ? serverTotals(invoice)
    : liveTotals({
        items: (watched.items ?? []).map((item) => ({
          item_type: item?.item_type ?? '2',
          product_id: item?.product_id ?? '',
          item_name: item?.item_name ?? '',
          quantity: item?.quantity ?? '',
          price: item?.price ?? '',
        })),
        currency,
        discount_percentage: percentages.discount,
        shipping_percentage: percentages.shipping,
        tax_percentage: percentages.tax,
      });

  const save = (send: boolean) =>
    handleSubmit(async (values) => {
      // The resolver's output holds basis points; the API takes percentages ("8.25") and converts
      // them itself, so they go back to their decimal form.
      const body = {
        ...values,
        discount_percentage: bpsToPercentage(values.discount_percentage),
        shipping_percentage: bpsToPercentage(values.shipping_percentage),
        tax_percentage: bpsToPercentage(values.tax_percentage),
        send,
      };
      try {
        const result = invoice ? await updateInvoice(invoice.id, body) : await createInvoice(body);
        showToast('success', result.message ?? (send ? 'Invoice sent to the customer.' : 'Invoice saved.'));
        // Every cached page of the list is out of date now, even one fetched a moment ago.
        void mutateCache(isInvoiceListKey);
        if (send) {
          navigate(PATHS.invoices);
          return;
        }
        if (invoice) {
          onSaved(result.result);
          reset(invoiceToForm(result.result));
        } else {
          navigate(`${PATHS.addEditInvoice}?id=${encodeURIComponent(result.result.id)}`, { replace: true });
        }
      } catch (saveError) {
        applyInvoiceErrors(saveError, setError);
        // docs/product-rules.md#error-messages: "Something went wrong." when the server gives no message.
        toastApiError(saveError, 'Something went wrong.');
      }
    });

  const isDraft = !invoice || invoice.status === 'draft';
  const title = invoice ? `Invoice ${invoice.invoice_number}` : 'New invoice';

  return (
    <section>
      <PageHeader
        title={title}
        description={invoice ? undefined : 'Bill a customer; they pay from the link in the e-mail.'}
        actions={invoice && <InvoiceStatusBadge status={invoice.status} />}
      />
      {!isOpen && invoice && (
        <Alert variant="secondary" data-testid="invoice-closed">
          This invoice is {invoice.status === 'paid' ? 'paid' : 'void'} and can no longer be changed. Copy it from the
          list to bill again.
        </Alert>
      )}
      {isOpen && !mayChange && (
        <Alert variant="secondary">You can view this invoice, but your access does not let you change it.</Alert>
      )}
      <Form noValidate onSubmit={save(false)} aria-label={title}>
        <fieldset disabled={readOnly || isSubmitting}>
          <Row className="g-4">
            <Col lg={8}>
              <Card className="invoice-card mb-4">
                <Card.Body>
                  <h2 className="h6 mb-3">Customer</h2>
                  <Row className="g-3">
                    <Col sm={6}>
                      <Form.Group controlId="inv-first-name">
                        <Form.Label>First name</Form.Label>
                        <Form.Control
                          {...register('customer_first_name')}
                          isInvalid={Boolean(errors.customer_first_name)}
                          data-testid="inv-first-name"
                        />
                        <Form.Control.Feedback type="invalid">
                          {errors.customer_first_name?.message}
                        </Form.Control.Feedback>
                      </Form.Group>
                    </Col>
                    <Col sm={6}>
                      <Form.Group controlId="inv-last-name">
                        <Form.Label>Last name</Form.Label>
                        <Form.Control
                          {...register('customer_last_name')}
                          isInvalid={Boolean(errors.customer_last_name)}
                          data-testid="inv-last-name"
                        />
                        <Form.Control.Feedback type="invalid">
                          {errors.customer_last_name?.message}
                        </Form.Control.Feedback>
                      </Form.Group>
                    </Col>
                    <Col sm={6}>
                      <TextField
                        id="inv-email"
                        label="E-mail"
                        error={errors.customer_email?.message}
                        type="email"
                        {...register('customer_email')}
                      />
                    </Col>
                    <Col sm={6}>
                      <TextField
                        id="inv-business"
                        label="Business name (optional)"
                        error={errors.business_name?.message}
                        {...register('business_name')}
                      />
                    </Col>
                  </Row>
                </Card.Body>
              </Card>

              <Card className="invoice-card mb-4">
                <Card.Body>
                  <h2 className="h6 mb-3">Invoice</h2>
                  <Row className="g-3">
                    <Col sm={4}>
                      <Form.Group controlId="inv-number">
                        <Form.Label>Invoice number</Form.Label>
                        <Form.Control
                          {...register('invoice_number')}
                          isInvalid={Boolean(errors.invoice_number)}
                          data-testid="inv-number"
                        />
                        <Form.Control.Feedback type="invalid" data-testid="inv-number-error">
                          {errors.invoice_number?.message}
                        </Form.Control.Feedback>
                      </Form.Group>
                    </Col>
                    <Col sm={4}>
                      <TextField
                        id="inv-due-date"
                        label="Due date"
                        error={errors.due_date?.message}
                        type="date"
                        {...register('due_date')}
                      />
                    </Col>
                    <Col sm={4}>
                      <SelectField
                        id="inv-currency"
                        label="Currency"
                        error={errors.currency?.message}
                        {...register('currency')}
                      >
                        <CurrencyOptions />
                      </SelectField>
                    </Col>
                    <Col xs={12}>
                      <TextField
                        id="inv-description"
                        label="Description"
                        error={errors.description?.message}
                        as="textarea"
                        rows={3}
                        {...register('description')}
                      />
                    </Col>
                  </Row>
                </Card.Body>
              </Card>

              <Card className="invoice-card mb-4">
                <Card.Body>
                  <h2 className="h6 mb-3">Items</h2>
                  <InvoiceItemsEditor
                    control={control}
                    register={register}
                    setValue={setValue}
                    errors={errors}
                    products={products ?? []}
                    disabled={readOnly}
                  />
                </Card.Body>
              </Card>

              <Card className="invoice-card mb-4">
                <Card.Body>
                  <RichTextField
                    control={control}
                    name="comment"
                    id="inv-comment"
                    label="Comment on the payment page"
                    caption="Comment on the payment page (optional)"
                    labelClassName="h6 d-block"
                    error={errors.comment?.message}
                  />
                </Card.Body>
              </Card>
            </Col>

            <Col lg={4}>
              {/* One sticky column: cards that stuck each on their own were drawn over one another. */}
              <div className="invoice-side">
                <Card className="invoice-card mb-4">
                  <Card.Body>
                    <h2 className="h6 mb-3">Adjustments</h2>
                    {(
                      [
                        ['discount_percentage', 'Discount'],
                        ['shipping_percentage', 'Shipping'],
                        ['tax_percentage', 'Tax'],
                      ] as const
                    ).map(([name, label]) => (
                      <Form.Group as={Row} className="mb-2 align-items-center" controlId={`inv-${name}`} key={name}>
                        <Form.Label column xs={5} className="py-0">
                          {label} %
                        </Form.Label>
                        <Col xs={7}>
                          <Form.Control
                            inputMode="decimal"
                            {...register(name)}
                            isInvalid={Boolean(errors[name])}
                            data-testid={`inv-${name.replace('_percentage', '')}`}
                          />
                          <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
                        </Col>
                      </Form.Group>
                    ))}
                    <hr />
                    <InvoiceTotalsPanel
                      totals={totals}
                      currency={currency}
                      percentages={percentages}
                      caption={
                        showSaved ? 'Saved totals, as computed by Kassa' : 'Live totals — Kassa recomputes them on save'
                      }
                    />
                  </Card.Body>
                </Card>
                <Card className="invoice-card mb-4">
                  <Card.Body>
                    <h2 className="h6 mb-2">Payment options</h2>
                    {(paymentOptions ?? []).map((option) => (
                      <Form.Check
                        key={option.key}
                        type="checkbox"
                        id={`inv-option-${option.key}`}
                        value={option.key}
                        label={option.name}
                        {...register('payment_options')}
                        data-testid={`inv-option-${option.key}`}
                      />
                    ))}
                    {errors.payment_options && (
                      <div className="invalid-feedback d-block">{errors.payment_options.message}</div>
                    )}
                  </Card.Body>
                </Card>
              </div>
            </Col>
          </Row>
        </fieldset>
        <div className="invoice-actions">
          <Link to={PATHS.invoices} className="btn btn-outline-secondary">
            Back to invoices
          </Link>
          {!readOnly && (
            <>
              <PendingButton
                type="submit"
                variant="outline-primary"
                pending={isSubmitting}
                label={isDraft ? 'Save as draft' : 'Save changes'}
                pendingLabel="Saving…"
                testId="inv-save-draft"
              />
              <PendingButton
                type="button"
                variant="primary"
                onClick={save(true)}
                pending={isSubmitting}
                label={isDraft ? 'Save and send' : 'Save and resend'}
                pendingLabel="Sending…"
                testId="inv-save-send"
              />
            </>
          )}
        </div>
      </Form>
    </section>
  );
}
