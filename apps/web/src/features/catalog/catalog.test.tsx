import type { CatalogItem } from '@kassa/contract/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backOfficeSession,
  merchantListItem,
  pageOf,
  queryOf,
  renderBackOffice,
  staffAdmin,
} from '../../test/back-office.tsx';
import { bodyOf, ok, routeOf } from '../../test/mock-api.ts';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const toast = await import('../../lib/toast.ts');

const MERCHANT = 'b1f0c0de-0000-4000-8000-000000000001';
const product: CatalogItem = {
  id: 'p-1',
  name: 'Trail Jacket',
  merchant_id: MERCHANT,
  merchant_name: 'Acme Outfitters',
  price_per_unit: 12900,
  currency: 'USD',
  image: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => vi.clearAllMocks());

describe('Catalog', () => {
  it("lists every merchant's products and filters by merchant, search and status", async () => {
    const calls = backOfficeSession({
      'GET /catalog/': () => ok(pageOf([product])),
      'GET /admin/merchant/': () => ok(pageOf([merchantListItem({ id: MERCHANT, name: 'Acme Outfitters' })])),
    });
    renderBackOffice('/catalog');
    const row = await screen.findByTestId('catalog-row');
    expect(within(row).getByText('$129.00')).toBeTruthy();
    expect(within(row).getByText('Acme Outfitters')).toBeTruthy();

    const last = () => queryOf(calls.filter((c) => c.url?.startsWith('/catalog/?')).at(-1)!);
    fireEvent.change(screen.getByTestId('catalog-search'), { target: { value: 'jacket' } });
    fireEvent.change(screen.getByTestId('filter-is-active'), { target: { value: 'false' } });
    fireEvent.focus(screen.getByTestId('catalog-merchant'));
    fireEvent.click(await screen.findByTestId('catalog-merchant-option'));
    await waitFor(() => expect(last().get('merchant_id')).toBe(MERCHANT));
    await waitFor(() => expect(last().get('search')).toBe('jacket'));
    expect(last().get('is_active')).toBe('false');
    expect(screen.getByTestId('catalog-merchant-value').textContent).toBe('Acme Outfitters');
  });

  it('deactivates a product after the admin confirms', async () => {
    const calls = backOfficeSession({
      'GET /catalog/': () => ok(pageOf([product])),
      'PATCH /catalog/p-1/': () => ok({ ...product, is_active: false }, 'Trail Jacket is deactivated.'),
    });
    renderBackOffice('/catalog');
    vi.mocked(toast.confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(await screen.findByTestId('toggle-product'));
    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith('success', 'Trail Jacket is deactivated.'));
    expect(vi.mocked(toast.confirmDialog).mock.calls[0]![0]).toMatchObject({ title: 'Deactivate Trail Jacket?' });
    expect(bodyOf(calls.find((c) => routeOf(c) === 'PATCH /catalog/p-1/')!)).toEqual({ is_active: false });
  });

  it('has no toggle for a staff admin', async () => {
    backOfficeSession(
      { 'GET /catalog/': () => ok(pageOf([product])) },
      { user: staffAdmin, permissions: { view_catalog: 1 } },
    );
    renderBackOffice('/catalog');
    await screen.findByTestId('catalog-row');
    expect(screen.queryByTestId('toggle-product')).toBeNull();
    expect(screen.queryByTestId('catalog-merchant')).toBeNull();
  });
});
