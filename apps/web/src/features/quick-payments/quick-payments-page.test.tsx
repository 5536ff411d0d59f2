import type { QuickPayment } from '@kassa/contract/quick-payments';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, routeOf, sentBody } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { QuickPaymentsPage } from './quick-payments-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));

const link = (over: Partial<QuickPayment> = {}): QuickPayment => ({
  id: 'a3a7c1de-0a52-4d0c-8f0a-2c8f3f1b9e10',
  merchant_id: 'm-1',
  recurring_price_id: null,
  name: 'Gear rental deposit',
  description: 'Refundable',
  amount: 15_000,
  currency: 'USD',
  expires_at: null,
  is_expired: false,
  comment: null,
  is_active: true,
  checkout_url: 'http://localhost/quickpayment/checkout/a3a7c1de-0a52-4d0c-8f0a-2c8f3f1b9e10',
  paid_count: 3,
  total_collected: 30_000,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('Quick payments page', () => {
  it('lists links with paid count, total collected and status', async () => {
    mockApi(() =>
      ok({ count: 2, page: 1, page_size: 20, results: [link(), link({ id: 'q-2', is_expired: true, paid_count: 0 })] }),
    );
    renderMerchantPage(<QuickPaymentsPage />);
    const rows = await screen.findAllByTestId('qp-row');
    expect(within(rows[0]!).getByTestId('qp-amount-cell').textContent).toBe('$150.00');
    expect(within(rows[0]!).getByTestId('qp-paid-cell').textContent).toBe('3');
    expect(within(rows[0]!).getByTestId('qp-collected-cell').textContent).toBe('$300.00');
    expect(within(rows[0]!).getByTestId('qp-status').textContent).toBe('Active');
    expect(within(rows[1]!).getByTestId('qp-status').textContent).toBe('Expired');
  });

  it('creates a link with the amount in minor units and the expiry as an instant', async () => {
    const calls = mockApi((config) =>
      routeOf(config) === 'POST /quick-payment/'
        ? ok(link(), 'Quick payment created.')
        : routeOf(config) === 'GET /quick-payment/products/'
          ? ok([])
          : ok({ count: 0, page: 1, page_size: 20, results: [] }),
    );
    renderMerchantPage(<QuickPaymentsPage />);
    fireEvent.click(await screen.findByTestId('qp-new'));
    fireEvent.change(screen.getByTestId('qp-name'), { target: { value: 'Class fee' } });
    fireEvent.change(screen.getByTestId('qp-amount'), { target: { value: '75' } });
    fireEvent.change(screen.getByTestId('qp-expires'), { target: { value: '2030-01-15T09:30' } });
    fireEvent.click(screen.getByTestId('qp-submit'));
    expect(await sentBody(calls, 'POST /quick-payment/')).toEqual({
      name: 'Class fee',
      description: '',
      amount: 7500,
      currency: 'USD',
      expires_at: new Date('2030-01-15T09:30').toISOString(),
      comment: null,
      is_active: true,
      recurring_price_id: null,
    });
  });
});
