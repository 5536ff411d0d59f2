// The recurring price a product sells at checkout, chosen on the product form (docs/product-rules.md#subscribing-at-checkout).
import type { Product } from '@kassa/contract/products';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, okPage, routeOf, sentBody } from '../../test/mock-api.ts';
import { MONTHLY, PRICES, PRODUCT_ID } from '../../test/price-fixtures.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { ProductsPage } from './products-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const product = (over: Partial<Product> = {}): Product => ({
  id: PRODUCT_ID,
  merchant_id: 'm-1',
  recurring_price_id: null,
  name: 'Climbing club',
  description: '',
  price_per_unit: 1_200,
  currency: 'USD',
  image: null,
  message_type: 1,
  message: 'Thanks!',
  comment: null,
  is_active: true,
  checkout_url: `http://localhost/checkout/${PRODUCT_ID}`,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

const optionTexts = () =>
  [...(screen.getByTestId('recurring-price') as HTMLSelectElement).options].map((o) => o.textContent);

describe('the product form’s recurring price', () => {
  it('offers a product its own active recurring prices of the mode shown, and saves the one chosen', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /price/')) return okPage(PRICES.filter((p) => p.product_id === PRODUCT_ID));
      if (route.startsWith('PATCH /product/')) return ok(product({ recurring_price_id: MONTHLY }), 'Product updated.');
      return okPage([product()]);
    });
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-edit'));
    await waitFor(() => expect(optionTexts()).toEqual(['None: a one-time payment', '$12.00 every month']));
    expect(screen.getByTestId('recurring-price-hint').textContent).toMatch(/buyers subscribe on the checkout/);

    fireEvent.change(screen.getByTestId('recurring-price'), { target: { value: MONTHLY } });
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await sentBody(calls, `PATCH /product/${PRODUCT_ID}/`)).toMatchObject({ recurring_price_id: MONTHLY });
  });
  it('goes back to a one-time payment when None is chosen', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /price/')) return okPage(PRICES.filter((p) => p.product_id === PRODUCT_ID));
      if (route.startsWith('PATCH /product/')) return ok(product(), 'Product updated.');
      return okPage([product({ recurring_price_id: MONTHLY })]);
    });
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-edit'));
    await waitFor(() => expect((screen.getByTestId('recurring-price') as HTMLSelectElement).value).toBe(MONTHLY));
    fireEvent.change(screen.getByTestId('recurring-price'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await sentBody(calls, `PATCH /product/${PRODUCT_ID}/`)).toMatchObject({ recurring_price_id: null });
  });

  it('asks to save a new product first, as its prices come after it', async () => {
    mockApi(() => okPage([]));
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-new'));
    expect((screen.getByTestId('recurring-price') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByTestId('recurring-price-hint').textContent).toBe(
      'Save the product, then add a recurring price to it to sell a subscription.',
    );
  });
});
