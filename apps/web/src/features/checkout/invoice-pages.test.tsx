import './checkout-test-mocks.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/mock-api.ts';
import {
  bodyOf,
  checkoutDetails,
  completeWith,
  mockCheckoutApi,
  mounted,
  publicInvoice,
  renderBackOfficeRoute,
  renderCheckoutApp,
  routeOf,
  session,
} from './checkout-test-kit.tsx';
import { InvoiceCopyPage } from './invoice-copy-page.tsx';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('public invoice view (docs/product-rules.md#public-invoice)', () => {
  it('greets the customer by the capitalised first name and shows every field with percentages', async () => {
    mockCheckoutApi((call) => {
      if (routeOf(call) === 'GET /invoice/public-invoice/inv-1/') return ok(publicInvoice());
      throw new Error(routeOf(call));
    });
    renderCheckoutApp('/invoice/copy/inv-1');
    expect((await screen.findByTestId('invoice-greeting')).textContent).toBe('Hi Grace,');
    expect(screen.getByAltText('Acme Outfitters logo').getAttribute('src')).toBe('/apiv1/uploads/acme.png');
    expect(screen.getByTestId('master-merchant-logo').getAttribute('src')).toBe('/apiv1/uploads/master.png');
    // The letterhead: who sent it and from where, and the invoice's own word for its number.
    expect(screen.getByTestId('invoice-from').textContent).toBe(
      'Acme Outfitters1 Market Street, San Francisco, CA, US',
    );
    expect(screen.getByText('Invoice number')).toBeTruthy();
    expect(screen.queryByText(/Bill number/)).toBeNull();
    expect(screen.getByTestId('invoice-number').textContent).toBe('INV-0042');
    // One capitalisation rule: "Bill to: Grace Hopper" beside "Hi Grace".
    expect(screen.getByTestId('invoice-bill-to').textContent).toBe('Grace HopperNavy Labs');
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
    expect(screen.getByTestId('pay-invoice-link').getAttribute('href')).toBe('/invoice/checkout/inv-1');
  });

  it('shows a discount or tax given as an amount without a percentage, and links the PDF', async () => {
    mockCheckoutApi(() =>
      ok(
        publicInvoice({
          discount_type: 'amount',
          discount_percentage: '0.00',
          discount_amount: 2_500,
          tax_type: 'amount',
          tax_percentage: '0.00',
          tax_amount: 1_800,
        }),
      ),
    );
    renderCheckoutApp('/invoice/copy/inv-1');
    const totals = (await screen.findByTestId('invoice-totals')).textContent;
    expect(totals).toContain('Discount−$25.00');
    expect(totals).toContain('Tax$18.00');
    expect(totals).toContain('Shipping (4.63%)');
    expect(screen.getByTestId('invoice-pdf-link').getAttribute('href')).toBe(
      '/apiv1/invoice/public-invoice/inv-1/pdf/',
    );
  });

  it('shows "Paid" instead of the payment link once paid', async () => {
    mockCheckoutApi(() => ok(publicInvoice({ status: 'paid', business_name: null, master_merchant_logo: null })));
    renderCheckoutApp('/invoice/copy/inv-1');
    expect((await screen.findByTestId('invoice-paid')).textContent).toBe('Paid');
    expect(screen.queryByTestId('pay-invoice-link')).toBeNull();
    expect(screen.getByTestId('invoice-bill-to').textContent).toBe('Grace Hopper');
    expect(screen.queryByTestId('master-merchant-logo')).toBeNull();
  });

  it('logs a fetch error, stops loading and says the invoice is not available (docs/product-rules.md#error-messages)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockCheckoutApi(() => fail(404, 'not_found', 'This invoice does not exist.'));
    renderCheckoutApp('/invoice/copy/inv-1');
    expect((await screen.findByTestId('page-title')).textContent).toBe('This invoice is not available');
    expect(screen.queryByRole('status')).toBeNull();
    // The log is an effect of the render that shows the title: it may run just after the title appears.
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Could not load the invoice.',
        expect.objectContaining({ code: 'not_found' }),
      ),
    );
    logged.mockRestore();
  });
});

describe('invoice checkout', () => {
  it('shows the summary and pays the invoice total through the panel', async () => {
    const calls = mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'GET /invoice/checkout-details/inv-1/') return ok(checkoutDetails());
      if (route === 'POST /invoice/get-checkout-token/inv-1/') return ok(session(30_275));
      if (route === 'POST /transaction/send-notification/') return ok(null);
      throw new Error(route);
    });
    renderCheckoutApp('/invoice/checkout/inv-1');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Invoice INV-0042');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$302.75');
    await screen.findByTestId('payment-section-2');
    // The widget mounts in an effect after the section renders.
    await waitFor(() => expect(mounted.at(-1)).toMatchObject({ amount: 30_275 }));
    // The buyer's name and e-mail from the invoice start filled in the card form.
    expect(mounted.at(-1)?.billingDetails).toEqual({
      firstName: checkoutDetails().customer_first_name,
      lastName: checkoutDetails().customer_last_name,
      email: checkoutDetails().customer_email,
    });
    expect(screen.getByTestId('payment-submit-card').textContent).toBe('Pay $302.75');
    await act(() => completeWith('capture_succeeded', 'tx-77'));
    expect(screen.getByTestId('result-title').textContent).toBe('Transaction successful.');
    // The success card: amount, card, date, reference, and where the receipt goes.
    expect(screen.getByTestId('receipt-amount').textContent).toBe('$302.75');
    expect(screen.getByTestId('receipt-method').textContent).toBe('Visa •••• 4242');
    expect(screen.getByTestId('receipt-date').textContent).toMatch(/\d{4}/);
    expect(screen.getByTestId('receipt-reference').textContent).toBe('tx-77');
    expect(screen.getByTestId('receipt-email').textContent).toContain('receipt');
    expect(calls.map(routeOf)).toContain('POST /transaction/send-notification/');
  });

  it('the public invoice’s Pay link opens the checkout in the page; back returns to the invoice', async () => {
    const calls = mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'GET /invoice/public-invoice/inv-1/') return ok(publicInvoice());
      if (route === 'GET /invoice/checkout-details/inv-1/') return ok(checkoutDetails());
      if (route === 'POST /invoice/get-checkout-token/inv-1/') return ok(session(30_275));
      throw new Error(route);
    });
    renderCheckoutApp('/invoice/copy/inv-1');
    fireEvent.click(await screen.findByTestId('pay-invoice-link'));
    expect(window.location.pathname).toBe('/invoice/checkout/inv-1');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Invoice INV-0042');
    await screen.findByTestId('payment-section-2');

    act(() => {
      window.history.back();
    });
    expect(await screen.findByTestId('invoice-greeting')).toBeTruthy();
    expect(window.location.pathname).toBe('/invoice/copy/inv-1');
    expect(calls.map(routeOf)).toEqual([
      'GET /invoice/public-invoice/inv-1/',
      'GET /invoice/checkout-details/inv-1/',
      'POST /invoice/get-checkout-token/inv-1/',
      'GET /invoice/public-invoice/inv-1/',
    ]);
  });

  it('in the back-office app the Pay link is a router link', async () => {
    mockCheckoutApi(() => ok(publicInvoice()));
    renderBackOfficeRoute('/invoice/copy/:id', '/invoice/copy/inv-1', <InvoiceCopyPage />);
    fireEvent.click(await screen.findByTestId('pay-invoice-link'));
    expect(await screen.findByText('Invoice checkout page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/invoice/checkout/inv-1');
  });

  it('with a deposit, charges the deposit first, and the amount the buyer types within the rules', async () => {
    const calls = mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'GET /invoice/checkout-details/inv-1/')
        return ok(
          checkoutDetails({ total_amount: 10_000, balance_due: 10_000, deposit_amount: 3_000, allow_partial: true }),
        );
      if (route === 'POST /invoice/get-checkout-token/inv-1/') return ok(session(bodyOf(call).amount as number));
      throw new Error(route);
    });
    renderCheckoutApp('/invoice/checkout/inv-1');
    const field = (await screen.findByTestId('invoice-pay-amount')) as HTMLInputElement;
    expect(field.value).toBe('30.00');
    await screen.findByTestId('payment-section-2');
    await waitFor(() => expect(mounted.at(-1)).toMatchObject({ amount: 3_000 }));
    const tokens = () => calls.filter((c) => routeOf(c) === 'POST /invoice/get-checkout-token/inv-1/');
    expect(bodyOf(tokens()[0]!)).toEqual({ amount: 3_000 });

    fireEvent.change(field, { target: { value: '20' } });
    expect((await screen.findByTestId('invoice-pay-amount-error')).textContent).toBe(
      'Pay at least the deposit of $30.00.',
    );
    fireEvent.change(field, { target: { value: '100.01' } });
    expect(screen.getByTestId('invoice-pay-amount-error').textContent).toBe(
      'The amount is more than the balance due of $100.00.',
    );
    expect(tokens()).toHaveLength(1);
    fireEvent.change(field, { target: { value: '45.50' } });
    await waitFor(() => expect(tokens()).toHaveLength(2));
    expect(bodyOf(tokens()[1]!)).toEqual({ amount: 4_550 });
  });

  it('in French: the amount written and read with a decimal comma, its rules in French', async () => {
    const calls = mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'GET /invoice/checkout-details/inv-1/')
        return ok(
          checkoutDetails({
            currency: 'EUR',
            total_amount: 10_000,
            balance_due: 10_000,
            deposit_amount: 3_000,
            allow_partial: true,
          }),
        );
      if (route === 'POST /invoice/get-checkout-token/inv-1/') return ok(session(bodyOf(call).amount as number));
      throw new Error(route);
    });
    renderCheckoutApp('/invoice/checkout/inv-1', 'fr');
    const field = (await screen.findByTestId('invoice-pay-amount')) as HTMLInputElement;
    expect(field.value).toBe('30,00');
    const error = () => screen.getByTestId('invoice-pay-amount-error').textContent;
    fireEvent.change(field, { target: { value: '20' } });
    await screen.findByTestId('invoice-pay-amount-error');
    expect(error()).toMatch(/^Payez au moins l’acompte de 30,00\s€\.$/);
    fireEvent.change(field, { target: { value: '100,01' } });
    expect(error()).toMatch(/^Le montant dépasse le solde dû de 100,00\s€\.$/);
    fireEvent.change(field, { target: { value: '45,555' } });
    expect(error()).toBe('Les montants en EUR ont au plus 2 décimales.');
    fireEvent.change(field, { target: { value: 'quarante' } });
    expect(error()).toBe('Saisissez un montant, par exemple 12,50');
    fireEvent.change(field, { target: { value: '45,50' } });
    const tokens = () => calls.filter((c) => routeOf(c) === 'POST /invoice/get-checkout-token/inv-1/');
    await waitFor(() => expect(bodyOf(tokens().at(-1)!)).toEqual({ amount: 4_550 }));
  });

  it('in Spanish: the API’s refusal of the part typed, once another buyer paid meanwhile, with its amount', async () => {
    mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'GET /invoice/checkout-details/inv-1/')
        return ok(checkoutDetails({ currency: 'EUR', total_amount: 10_000, balance_due: 10_000, allow_partial: true }));
      if (route === 'POST /invoice/get-checkout-token/inv-1/')
        return fail(422, 'business_rule', 'The amount is more than the balance due of €40.00.');
      throw new Error(route);
    });
    renderCheckoutApp('/invoice/checkout/inv-1', 'es');
    expect((await screen.findByTestId('payment-unavailable')).textContent).toMatch(
      /^El importe supera el saldo pendiente de 40,00\s€\.$/,
    );
  });

  it('refuses to open a payment for a paid invoice', async () => {
    const calls = mockCheckoutApi(() => ok(checkoutDetails({ status: 'paid', is_paid: true })));
    renderCheckoutApp('/invoice/checkout/inv-1');
    expect((await screen.findByTestId('invoice-already-paid')).textContent).toBe('This invoice has already been paid.');
    expect(calls.map(routeOf)).toEqual(['GET /invoice/checkout-details/inv-1/']);
    expect(mounted).toHaveLength(0);
  });
});
