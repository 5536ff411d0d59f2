import type { InvoiceCheckoutDetails } from '@kassa/contract/checkout';
import type { PublicInvoice } from '@kassa/contract/invoices';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toast.ts';
import { fail, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { completeWith, fakeMount, merchant, mounted, renderPublicPage, session } from './checkout-test-kit.tsx';
import { InvoiceCheckoutPage } from './invoice-checkout-page.tsx';
import { InvoiceCopyPage } from './invoice-copy-page.tsx';

vi.mock('@kassa/widget', async (original) => ({
  ...(await original<typeof import('@kassa/widget')>()),
  mount: (options: never) => fakeMount(options),
}));
vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(() => Promise.resolve()) }));

beforeEach(() => {
  mounted.length = 0;
  vi.mocked(showToast).mockClear();
});

const publicInvoice = (over: Partial<PublicInvoice> = {}): PublicInvoice => ({
  id: 'inv-1',
  invoice_number: 'INV-0042',
  customer_first_name: 'grace',
  customer_last_name: 'Hopper',
  business_name: 'Navy Labs',
  due_date: '2026-12-31',
  description: 'Consulting for November.\nSecond line.',
  status: 'sent',
  merchant_name: 'Acme Outfitters',
  merchant_logo: '/apiv1/uploads/acme.png',
  master_merchant_logo: '/apiv1/uploads/master.png',
  currency: 'USD',
  sub_total_amount: 30_000,
  discount_amount: 3_000,
  discount_percentage: '10.00',
  shipping_amount: 1_250,
  shipping_percentage: '4.63',
  tax_amount: 2_025,
  tax_percentage: '7.50',
  total_amount: 30_275,
  invoice_items: [
    { item_type: 1, product_name: 'Trail Backpack', item_name: null, quantity: 2, price: 10_000, total_price: 20_000 },
    { item_type: 2, product_name: null, item_name: 'Fitting session', quantity: 1, price: 10_000, total_price: 10_000 },
  ],
  ...over,
});

describe('public invoice view (spec 2.7)', () => {
  it('greets the customer by the capitalised first name and shows every field with percentages', async () => {
    mockApi((config) => {
      if (routeOf(config) === 'GET /invoice/public-invoice/inv-1/') return ok(publicInvoice());
      throw new Error(routeOf(config));
    });
    renderPublicPage('/invoice/copy/:id', '/invoice/copy/inv-1', <InvoiceCopyPage />);
    expect((await screen.findByTestId('invoice-greeting')).textContent).toBe('Hi Grace,');
    expect(screen.getByAltText('Acme Outfitters logo').getAttribute('src')).toBe('/apiv1/uploads/acme.png');
    expect(screen.getByTestId('master-merchant-logo').getAttribute('src')).toBe('/apiv1/uploads/master.png');
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV-0042');
    expect(screen.getByTestId('invoice-bill-to').textContent).toBe('grace HopperNavy Labs');
    expect(screen.getByTestId('invoice-due-date').textContent).toBe('Dec 31, 2026');
    expect(screen.getByTestId('invoice-description').textContent).toContain('Consulting for November.');

    const rows = within(screen.getByTestId('invoice-items')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Trail Backpack', '2', '$100.00', '$200.00'],
      ['Fitting session', '1', '$100.00', '$100.00'],
    ]);
    const totals = screen.getByTestId('invoice-totals').textContent;
    expect(totals).toContain('Discount (10%)');
    expect(totals).toContain('Shipping (4.63%)');
    expect(totals).toContain('Tax (7.5%)');
    expect(screen.getByTestId('invoice-subtotal').textContent).toBe('$300.00');
    expect(screen.getByTestId('invoice-discount').textContent).toBe('−$30.00');
    expect(screen.getByTestId('invoice-shipping').textContent).toBe('$12.50');
    expect(screen.getByTestId('invoice-tax').textContent).toBe('$20.25');
    expect(screen.getByTestId('invoice-total').textContent).toBe('$302.75');

    fireEvent.click(screen.getByTestId('pay-invoice-link'));
    expect(screen.getByTestId('location').textContent).toBe('/invoice/checkout/inv-1');
  });

  it('shows "Paid" instead of the payment link once paid', async () => {
    mockApi(() => ok(publicInvoice({ status: 'paid', business_name: null, master_merchant_logo: null })));
    renderPublicPage('/invoice/copy/:id', '/invoice/copy/inv-1', <InvoiceCopyPage />);
    expect((await screen.findByTestId('invoice-paid')).textContent).toBe('Paid');
    expect(screen.queryByTestId('pay-invoice-link')).toBeNull();
    expect(screen.getByTestId('invoice-bill-to').textContent).toBe('grace Hopper');
    expect(screen.queryByTestId('master-merchant-logo')).toBeNull();
  });

  it('logs a fetch error, stops loading and says the invoice is not available (spec 8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi(() => fail(404, 'not_found', 'This invoice does not exist.'));
    renderPublicPage('/invoice/copy/:id', '/invoice/copy/inv-1', <InvoiceCopyPage />);
    expect((await screen.findByTestId('page-title')).textContent).toBe('This invoice is not available');
    expect(screen.queryByRole('status')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not load the invoice.', expect.objectContaining({ code: 'not_found' }));
    logged.mockRestore();
  });
});

const checkoutDetails = (over: Partial<InvoiceCheckoutDetails> = {}): InvoiceCheckoutDetails => ({
  id: 'inv-1',
  merchant_data: merchant(),
  invoice_number: 'INV-0042',
  customer_first_name: 'Grace',
  customer_last_name: 'Hopper',
  customer_email: 'grace@example.com',
  due_date: '2026-12-31',
  currency: 'USD',
  total_amount: 30_275,
  status: 'viewed',
  is_paid: false,
  ...over,
});

describe('invoice checkout', () => {
  it('shows the summary and pays the invoice total through the panel', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === 'GET /invoice/checkout-details/inv-1/') return ok(checkoutDetails());
      if (route === 'POST /invoice/get-checkout-token/inv-1/') return ok(session(30_275));
      if (route === 'POST /transaction/send-notification/') return ok(null);
      throw new Error(route);
    });
    renderPublicPage('/invoice/checkout/:id', '/invoice/checkout/inv-1', <InvoiceCheckoutPage />);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Invoice INV-0042');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$302.75');
    await screen.findByTestId('payment-section-2');
    expect(mounted.at(-1)).toMatchObject({ amount: 30_275 });
    await act(() => completeWith('capture_succeeded'));
    expect(screen.getByTestId('result-title').textContent).toBe('Transaction successful.');
    expect(calls.map(routeOf)).toContain('POST /transaction/send-notification/');
  });

  it('refuses to open a payment for a paid invoice', async () => {
    const calls = mockApi(() => ok(checkoutDetails({ status: 'paid', is_paid: true })));
    renderPublicPage('/invoice/checkout/:id', '/invoice/checkout/inv-1', <InvoiceCheckoutPage />);
    expect((await screen.findByTestId('invoice-already-paid')).textContent).toBe('This invoice has already been paid.');
    expect(calls.map(routeOf)).toEqual(['GET /invoice/checkout-details/inv-1/']);
    expect(mounted).toHaveLength(0);
  });
});
