import { APP } from '@kassa/contract/access';
import type { Product } from '@kassa/contract/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { mockApi, ok, routeOf, sentBody, waitForCall } from '../../test/mock-api.ts';
import { accessOf, makeClerk, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { ProductsPage } from './products-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { showToast, confirmDialog } = await import('../../lib/toast.ts');

const product = (over: Partial<Product> = {}): Product => ({
  id: '6f0c1c38-2b0e-4d7e-9d7a-0d5f1f1e0a01',
  merchant_id: 'm-1',
  recurring_price_id: null,
  name: 'Trail Runner Jacket',
  description: 'Waterproof shell',
  price_per_unit: 12_900,
  currency: 'USD',
  image: null,
  message_type: 1,
  message: 'Thanks!',
  comment: null,
  is_active: true,
  checkout_url: 'http://localhost/checkout/6f0c1c38-2b0e-4d7e-9d7a-0d5f1f1e0a01',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

const page = (results: Product[]) => ok({ count: results.length, page: 1, page_size: 20, results });

beforeEach(() => vi.mocked(confirmDialog).mockReset());

describe('Products page', () => {
  it('lists the products from the API with their prices', async () => {
    mockApi(() => page([product(), product({ id: 'p-2', name: 'Ramen', price_per_unit: 1200, currency: 'JPY' })]));
    renderMerchantPage(<ProductsPage />);
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('product-price-cell').textContent).toBe('$129.00');
    expect(within(rows[1]!).getByTestId('product-price-cell').textContent).toBe('¥1,200');
    expect(screen.getByTestId('product-new')).toBeTruthy();
  });

  it('shares the checkout link with a QR code of it', async () => {
    mockApi(() => page([product()]));
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-share'));
    expect(((await screen.findByTestId('share-link-url')) as HTMLInputElement).value).toBe(product().checkout_url);
    const qr = (await screen.findByTestId('share-qr')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(qr.alt).toBe(`QR code of ${product().checkout_url}`);
  });

  it('shows a clerk with view access only no create, edit or delete controls', async () => {
    mockApi(() => page([product()]));
    renderMerchantPage(<ProductsPage />, { user: makeClerk(), access: accessOf({ [APP.PRODUCTS]: [1] }) });
    await screen.findByTestId('product-row');
    expect(screen.queryByTestId('product-new')).toBeNull();
    expect(screen.queryByTestId('product-edit')).toBeNull();
    expect(screen.queryByTestId('product-delete')).toBeNull();
    expect((screen.getByTestId('product-active-toggle') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('product-share')).toBeTruthy();
  });

  it('creates a product with the typed price in minor units', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /product/' ? ok(product(), 'Product created.') : page([]),
    );
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-new'));
    fireEvent.change(screen.getByTestId('product-name'), { target: { value: 'Ramen bowl' } });
    fireEvent.change(screen.getByTestId('product-currency'), { target: { value: 'JPY' } });
    fireEvent.change(screen.getByTestId('product-price'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('JPY amounts have no decimals')).toBeTruthy();

    fireEvent.change(screen.getByTestId('product-price'), { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('product-message-type-2'));
    fireEvent.change(screen.getByTestId('product-message'), { target: { value: 'http://example.com/thanks' } });
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('Use an https:// address (http:// only for localhost)')).toBeTruthy();

    fireEvent.change(screen.getByTestId('product-message'), { target: { value: 'https://example.com/thanks' } });
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await sentBody(calls, 'POST /product/')).toEqual({
      name: 'Ramen bowl',
      description: '',
      price_per_unit: 1500,
      currency: 'JPY',
      image: null,
      message_type: 2,
      message: 'https://example.com/thanks',
      comment: null,
      is_active: true,
      recurring_price_id: null,
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Product created.'));
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const calls = mockApi(() => page([]));
    renderMerchantPage(<ProductsPage />);
    fireEvent.click(await screen.findByTestId('product-new'));
    const file = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [file] } });
    expect((await screen.findByTestId('product-image-error')).textContent).toBe('Upload a PNG, JPEG or WebP image.');
    expect(calls.some((c) => c.url === '/uploads/image/')).toBe(false);
  });

  it('deletes only after the confirm dialog says yes', async () => {
    const calls = mockApi((config) =>
      routeOf(config).startsWith('DELETE') ? ok(null, 'Product deleted.') : page([product()]),
    );
    renderMerchantPage(<ProductsPage />);
    await declineThenConfirm(
      () => screen.findByTestId('product-delete'),
      () => calls.some((c) => c.method === 'delete'),
    );
    await waitForCall(calls, `DELETE /product/${product().id}/`);
  });
});
