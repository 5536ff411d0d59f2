// docs/product-rules.md#public-invoice: the public invoice view — merchant logo (and the master merchant's), greeting with the
// capitalised first name, bill number, bill-to, due date, a scrolling description box (200 px), the
// item table, totals with their percentages and a link to pay. docs/product-rules.md#error-messages: a fetch error is logged, the
// loading stops and the buyer reads that the invoice is not available.
import { formatMoney } from '@kassa/contract/money';
import { useEffect } from 'react';
import { usePublicInvoice } from './api/checkout-api.ts';
import { CheckoutLink } from './checkout-navigation.tsx';
import { CheckoutFrame, CheckoutSkeleton, CheckoutUnavailable } from './components/checkout-frame.tsx';
import { MerchantLogo } from './components/merchant-header.tsx';
import { capitalise, formatDueDate, invoiceCheckoutPath, percentLabel } from './invoice-format.ts';

const ITEM_TYPE_PRODUCT = 1; // docs/product-rules.md#entities: item_type 1 is a product (product_name), otherwise item_name

export function InvoiceCopy({ id }: { id: string }) {
  const { data: invoice, error, isLoading } = usePublicInvoice(id);

  useEffect(() => {
    if (error) console.error('Could not load the invoice.', error);
  }, [error]);

  if (isLoading) return <CheckoutSkeleton />;
  if (error || !invoice) {
    return (
      <CheckoutUnavailable
        title="This invoice is not available"
        message="The link may be wrong, or the merchant has withdrawn the invoice."
      />
    );
  }
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const isPaid = invoice.status === 'paid';
  const totals: { label: string; amount: number; testId: string; negative?: boolean }[] = [
    { label: 'Sub-total', amount: invoice.sub_total_amount, testId: 'invoice-subtotal' },
    {
      label: `Discount (${percentLabel(invoice.discount_percentage)})`,
      amount: invoice.discount_amount,
      testId: 'invoice-discount',
      negative: true,
    },
    {
      label: `Shipping (${percentLabel(invoice.shipping_percentage)})`,
      amount: invoice.shipping_amount,
      testId: 'invoice-shipping',
    },
    { label: `Tax (${percentLabel(invoice.tax_percentage)})`, amount: invoice.tax_amount, testId: 'invoice-tax' },
  ];

  return (
    <CheckoutFrame wide={false}>
      <article className="card invoice-card" data-testid="public-invoice">
        <div className="card-body">
          <header className="invoice-logos">
            <MerchantLogo name={invoice.merchant_name} logo={invoice.merchant_logo} />
            {invoice.master_merchant_logo && (
              <img
                src={invoice.master_merchant_logo}
                alt="Parent company logo"
                className="master-merchant-logo"
                width={120}
                height={32}
                data-testid="master-merchant-logo"
              />
            )}
          </header>

          <h1 className="h4 mt-4" data-testid="invoice-greeting">
            Hi {capitalise(invoice.customer_first_name)},
          </h1>
          <p className="text-body-secondary">
            {invoice.merchant_name} sent you an invoice for{' '}
            <strong className="text-body">{money(invoice.total_amount)}</strong>.
          </p>

          <dl className="invoice-meta">
            <div>
              <dt>Bill number</dt>
              <dd data-testid="invoice-number">{invoice.invoice_number}</dd>
            </div>
            <div>
              <dt>Bill to</dt>
              <dd data-testid="invoice-bill-to">
                {/* The greeting's rule everywhere a name shows: the first letter of each name capitalised. */}
                {capitalise(invoice.customer_first_name)} {capitalise(invoice.customer_last_name)}
                {invoice.business_name && <span className="d-block">{invoice.business_name}</span>}
              </dd>
            </div>
            <div>
              <dt>Due date</dt>
              <dd data-testid="invoice-due-date">{formatDueDate(invoice.due_date)}</dd>
            </div>
          </dl>

          {invoice.description && (
            <div className="invoice-description" data-testid="invoice-description">
              {invoice.description}
            </div>
          )}

          <div className="table-responsive mt-4">
            <table className="table invoice-items align-middle" data-testid="invoice-items">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-end">
                    Quantity
                  </th>
                  <th scope="col" className="text-end">
                    Unit price
                  </th>
                  <th scope="col" className="text-end">
                    Total price
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.invoice_items.map((item, index) => (
                  // Items have no id in the public view; their order is the invoice's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: stable order, never reordered here.
                  <tr key={index}>
                    <td>{(item.item_type === ITEM_TYPE_PRODUCT ? item.product_name : item.item_name) ?? ''}</td>
                    <td className="text-end">{item.quantity}</td>
                    <td className="text-end">{money(item.price)}</td>
                    <td className="text-end">{money(item.total_price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <dl className="invoice-totals" data-testid="invoice-totals">
            {totals.map((row) => (
              <div key={row.testId}>
                <dt>{row.label}</dt>
                <dd data-testid={row.testId}>
                  {row.negative && row.amount > 0 ? '−' : ''}
                  {money(row.amount)}
                </dd>
              </div>
            ))}
            <div className="invoice-grand-total">
              <dt>Total</dt>
              <dd data-testid="invoice-total">{money(invoice.total_amount)}</dd>
            </div>
          </dl>

          {isPaid ? (
            <p className="invoice-paid" data-testid="invoice-paid">
              Paid
            </p>
          ) : (
            <CheckoutLink
              to={invoiceCheckoutPath(invoice.id)}
              className="btn btn-primary w-100"
              data-testid="pay-invoice-link"
            >
              Pay {money(invoice.total_amount)}
            </CheckoutLink>
          )}
        </div>
      </article>
    </CheckoutFrame>
  );
}
