import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { savedInvoice } from '../../test/invoice-fixtures.ts';
import { bodyOf, fail, mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { AddEditInvoicePage } from './add-edit-invoice-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast, toastApiError } = await import('../../lib/toast.ts');

const PRODUCT_ID = '0b7d7f8e-5d1a-4c61-9f8e-3f0a1b2c3d4e';
const products = [
  { id: PRODUCT_ID, name: 'Trail Runner Jacket', price_per_unit: 12_900, currency: 'USD', image: null },
  {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Matcha tin',
    price_per_unit: 1_800,
    currency: 'JPY',
    image: null,
  },
];

function api(extra: (route: string, body: Record<string, unknown>) => ReturnType<typeof ok> | null = () => null) {
  return mockApi((config) => {
    const route = routeOf(config);
    const answer = extra(route, bodyOf(config));
    if (answer) return answer;
    if (route === 'GET /invoice/invoice-number-suggestion/') return ok({ invoice_number: 'INV-000042' });
    if (route === 'GET /invoice/products/') return ok(products);
    if (route === 'GET /invoice/payment-options/')
      return ok([
        { key: 'card', name: 'Card' },
        { key: 'wallet', name: 'Digital wallet' },
      ]);
    return fail(404, 'not_found', `No mock for ${route}`);
  });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const total = (name: string) => screen.getByTestId(`total-${name}`).textContent;

/** The editor for a new invoice, once it has filled in the next invoice number. */
async function openNewInvoice() {
  renderMerchantPage(<AddEditInvoicePage />, { path: '/add-edit-invoice' });
  await waitFor(() => expect((screen.getByTestId('inv-number') as HTMLInputElement).value).toBe('INV-000042'));
}

describe('Add invoice page', () => {
  it('prefills the suggested number and shows live totals with discount, shipping and tax', async () => {
    api();
    await openNewInvoice();

    type('item-type-0', '2');
    type('item-name-0', 'Consulting');
    type('item-quantity-0', '2');
    type('item-price-0', '10.00');
    fireEvent.click(screen.getByTestId('item-add'));
    type('item-type-1', '2');
    type('item-name-1', 'Travel');
    type('item-price-1', '5.55');
    expect(screen.getByTestId('item-total-0').textContent).toBe('$20.00');

    type('inv-discount', '10');
    type('inv-shipping', '5');
    type('inv-tax', '8.25');
    // 25.55 − 2.56 (10 %, 2.555 half-up) = 22.99; shipping 5 % = 1.15; tax 8.25 % = 1.90.
    await waitFor(() => expect(total('total')).toBe('$26.04'));
    expect(total('sub-total')).toBe('$25.55');
    expect(total('discount')).toBe('− $2.56');
    expect(total('shipping')).toBe('$1.15');
    expect(total('tax')).toBe('$1.90');

    fireEvent.click(screen.getByTestId('item-remove-0'));
    await waitFor(() => expect(screen.getAllByTestId('invoice-item-row')).toHaveLength(1));
    // 5.55 − 0.56 = 4.99; shipping 0.25; tax 0.41 (0.411675).
    expect(total('total')).toBe('$5.65');
  });

  it('takes discount and shipping as amounts: live totals, then the amounts in minor units on save', async () => {
    const calls = api((route) => (route === 'POST /invoice/' ? ok(savedInvoice(), 'Invoice saved as a draft.') : null));
    await openNewInvoice();
    type('inv-first-name', 'Grace');
    type('inv-email', 'grace@example.com');
    type('inv-due-date', '2030-01-31');
    type('item-type-0', '2');
    type('item-name-0', 'Design work');
    type('item-price-0', '200');
    type('inv-discount-type', 'amount');
    await screen.findByTestId('inv-discount-amount');
    type('inv-discount-amount', '25');
    type('inv-shipping-type', 'amount');
    await screen.findByTestId('inv-shipping-amount');
    type('inv-shipping-amount', '7.50');
    type('inv-tax', '10');
    // 200 − 25 = 175; shipping $7.50; tax 10 % of 175 = 17.50; total 200.00
    await waitFor(() => expect(total('total')).toBe('$200.00'));
    expect(total('discount')).toBe('− $25.00');
    expect(screen.getByTestId('invoice-totals').textContent).not.toContain('Discount (');
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    expect(await sentBody(calls, 'POST /invoice/')).toMatchObject({
      discount_type: 'amount',
      discount_amount: 2_500,
      discount_percentage: '0.00',
      shipping_type: 'amount',
      shipping_amount: 750,
      tax_type: 'percentage',
      tax_percentage: '10.00',
      tax_amount: 0,
    });
  });

  it('shows an amount that does not parse next to its field, not sent', async () => {
    const calls = api();
    await openNewInvoice();
    type('inv-first-name', 'Grace');
    type('inv-email', 'grace@example.com');
    type('item-type-0', '2');
    type('item-name-0', 'Design work');
    type('item-price-0', '200');
    type('inv-tax-type', 'amount');
    await screen.findByTestId('inv-tax-amount');
    type('inv-tax-amount', '1.234');
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    await waitFor(() => expect(screen.getByTestId('inv-tax-amount').classList).toContain('is-invalid'));
    expect(screen.getByTestId('inv-tax_amount-error').textContent).toBe('USD amounts have at most 2 decimals');
    expect(calls.filter((c) => routeOf(c) === 'POST /invoice/')).toEqual([]);
  });

  it('rounds to whole yen for JPY', async () => {
    api();
    renderMerchantPage(<AddEditInvoicePage />, { path: '/add-edit-invoice' });
    await screen.findByTestId('inv-number');
    type('inv-currency', 'JPY');
    type('item-type-0', '2');
    type('item-name-0', 'Tea ceremony');
    type('item-quantity-0', '3');
    type('item-price-0', '1000');
    type('inv-discount', '12.5');
    type('inv-tax', '10');
    // 3000 − 375 = 2625; tax 262.5 → 263.
    await waitFor(() => expect(total('total')).toBe('¥2,888'));
    expect(total('tax')).toBe('¥263');
  });

  it('sends a product line and a custom line, and saves and sends', async () => {
    const calls = api((route) =>
      route === 'POST /invoice/' ? ok(savedInvoice({ status: 'sent' }), 'Invoice sent to the customer.') : null,
    );
    await openNewInvoice();
    type('inv-first-name', 'Grace');
    type('inv-last-name', 'Hopper');
    type('inv-email', 'Grace@Example.com');
    type('inv-due-date', '2030-01-31');
    await screen.findByText(/Trail Runner Jacket/);
    type('item-product-0', PRODUCT_ID);
    expect((screen.getByTestId('item-price-0') as HTMLInputElement).value).toBe('129.00');
    type('item-quantity-0', '2');
    fireEvent.click(screen.getByTestId('item-add'));
    type('item-type-1', '2');
    type('item-name-1', 'Gift wrapping');
    type('item-price-1', '4.5');
    type('inv-tax', '7.5');
    fireEvent.click(await screen.findByTestId('inv-option-wallet'));

    fireEvent.click(screen.getByTestId('inv-save-send'));
    expect(await sentBody(calls, 'POST /invoice/')).toEqual({
      customer_first_name: 'Grace',
      customer_last_name: 'Hopper',
      customer_email: 'grace@example.com',
      business_name: null,
      invoice_number: 'INV-000042',
      due_date: '2030-01-31',
      currency: 'USD',
      description: '',
      comment: null,
      items: [
        { item_type: 1, product_id: PRODUCT_ID, quantity: 2, price: 12_900 },
        { item_type: 2, item_name: 'Gift wrapping', quantity: 1, price: 450 },
      ],
      discount_type: 'percentage',
      discount_percentage: '0.00',
      discount_amount: 0,
      shipping_type: 'percentage',
      shipping_percentage: '0.00',
      shipping_amount: 0,
      tax_type: 'percentage',
      tax_percentage: '7.50',
      tax_amount: 0,
      payment_options: ['card'],
      customer_id: null,
      deposit_amount: 0,
      allow_partial: false,
      send: true,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/invoice'));
    expect(showToast).toHaveBeenCalledWith('success', 'Invoice sent to the customer.');
  });

  it('bills a saved customer picked by search, with a 30 % deposit and partial payments allowed', async () => {
    const CUSTOMER_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    const calls = api((route) => {
      if (route === 'GET /invoice/customers/?search=noor')
        return ok([{ id: CUSTOMER_ID, name: 'Noor Al Haddad', email: 'noor@haddad.test' }]);
      return route === 'POST /invoice/' ? ok(savedInvoice(), 'Invoice saved as a draft.') : null;
    });
    await openNewInvoice();
    type('inv-customer-search', 'noor');
    fireEvent.click(await screen.findByText('Noor Al Haddad'));
    expect((screen.getByTestId('inv-customer-picked') as HTMLElement).textContent).toContain('Noor Al Haddad');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Noor');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Al Haddad');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('noor@haddad.test');
    type('item-type-0', '2');
    type('item-name-0', 'Kitchen repair');
    type('item-price-0', '1000');

    type('inv-deposit', '101');
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    expect(await screen.findByText('Use a percentage from 0 to 100 with at most 2 decimals')).toBeTruthy();
    type('inv-deposit', '30');
    fireEvent.click(screen.getByTestId('inv-allow-partial'));
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    await waitForCall(calls, 'POST /invoice/');
    expect(await sentBody(calls, 'POST /invoice/')).toMatchObject({
      customer_id: CUSTOMER_ID,
      customer_first_name: 'Noor',
      customer_email: 'noor@haddad.test',
      deposit_percentage: '30.00',
      allow_partial: true,
    });
  });

  it('asks for a line, not an amount, when Save and send finds the first line untouched', async () => {
    const calls = api();
    await openNewInvoice();
    type('inv-first-name', 'Grace');
    type('inv-email', 'grace@example.com');
    fireEvent.click(screen.getByTestId('inv-save-send'));
    expect((await screen.findByTestId('items-error')).textContent).toBe(
      'Add a line: a product or a named item with its price',
    );
    expect(screen.queryByText('Enter an amount')).toBeNull();
    expect(calls.filter((c) => routeOf(c) === 'POST /invoice/')).toEqual([]);
  });

  it('shows the server’s uniqueness error on the number field', async () => {
    const calls = api((route) =>
      route === 'POST /invoice/'
        ? fail(409, 'conflict', 'This invoice number is already used. Choose another.', [
            { path: 'invoice_number', message: 'This invoice number is already used. Choose another.' },
          ])
        : null,
    );
    await openNewInvoice();
    type('inv-first-name', 'Grace');
    type('inv-email', 'grace@example.com');
    type('item-type-0', '2');
    type('item-name-0', 'Consulting');
    type('item-price-0', '100');
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    await waitFor(() =>
      expect(screen.getByTestId('inv-number-error').textContent).toBe(
        'This invoice number is already used. Choose another.',
      ),
    );
    expect(bodyOf(calls.find((c) => routeOf(c) === 'POST /invoice/')!).send).toBe(false);
    expect(toastApiError).toHaveBeenCalled();
  });

  it('loads an invoice by ?id= and saves it with PUT, then shows the server’s totals', async () => {
    const existing = savedInvoice({
      invoice_items: [
        {
          item_type: 2,
          product_id: null,
          product_name: null,
          item_name: 'Consulting',
          quantity: 1,
          price: 13_900,
          total_price: 13_900,
        },
      ],
    });
    const calls = api((route, body) => {
      if (route === `GET /invoice/${existing.id}/`) return ok(existing);
      if (route === `PUT /invoice/${existing.id}/`)
        return ok(
          savedInvoice({
            ...existing,
            shipping_percentage: body.shipping_percentage === '10.00' ? '10.00' : '0.00',
            shipping_amount: 1_390,
            total_amount: 15_290,
          }),
          'Invoice updated.',
        );
      return null;
    });
    renderMerchantPage(<AddEditInvoicePage />, { path: `/add-edit-invoice?id=${existing.id}` });
    expect(((await screen.findByTestId('inv-first-name')) as HTMLInputElement).value).toBe('Grace');
    expect(screen.getByText('Saved totals, as computed by Kassa')).toBeTruthy();
    type('inv-shipping', '10');
    fireEvent.click(screen.getByTestId('inv-save-draft'));
    await waitForCall(calls, `PUT /invoice/${existing.id}/`);
    await waitFor(() => expect(total('total')).toBe('$152.90'));
    expect(screen.getByText('Saved totals, as computed by Kassa')).toBeTruthy();
  });
});
