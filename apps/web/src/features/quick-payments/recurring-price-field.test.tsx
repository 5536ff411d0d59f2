// The recurring price a payment link sells at checkout, chosen on its form (docs/product-rules.md#subscribing-at-checkout).
import type { QuickPayment } from '@kassa/contract/quick-payments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, okPage, routeOf, sentBody } from '../../test/mock-api.ts';
import { ARCHIVED, OTHER_PRODUCT_ID, PRICES, PRODUCT_ID, QUARTERLY } from '../../test/price-fixtures.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { QuickPaymentsPage } from './quick-payments-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const link = (over: Partial<QuickPayment> = {}): QuickPayment => ({
  id: 'a3a7c1de-0a52-4d0c-8f0a-2c8f3f1b9e10',
  merchant_id: 'm-1',
  recurring_price_id: null,
  name: 'Membership',
  description: '',
  amount: 3_000,
  currency: 'USD',
  expires_at: null,
  is_expired: false,
  comment: null,
  is_active: true,
  checkout_url: 'http://localhost/quickpayment/checkout/a3a7c1de-0a52-4d0c-8f0a-2c8f3f1b9e10',
  paid_count: 0,
  total_collected: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

const optionTexts = () =>
  [...(screen.getByTestId('recurring-price') as HTMLSelectElement).options].map((o) => o.textContent);

describe('the payment link form’s recurring price', () => {
  it('offers a payment link every recurring price named by its product, and sends the one chosen', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /price/')) return okPage(PRICES);
      if (route === 'GET /quick-payment/products/') {
        return ok([
          { id: PRODUCT_ID, name: 'Climbing club', price_per_unit: 1_200, currency: 'USD', image: null },
          { id: OTHER_PRODUCT_ID, name: 'Yoga', price_per_unit: 3_000, currency: 'USD', image: null },
        ]);
      }
      if (route === 'POST /quick-payment/') return ok(link(), 'Quick payment created.');
      return okPage([]);
    });
    renderMerchantPage(<QuickPaymentsPage />);
    fireEvent.click(await screen.findByTestId('qp-new'));
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'None: a one-time payment',
        'Climbing club: $12.00 every month',
        'Yoga: $30.00 every 3 months, 14-day trial',
      ]),
    );
    fireEvent.change(screen.getByTestId('qp-name'), { target: { value: 'Yoga membership' } });
    fireEvent.change(screen.getByTestId('qp-amount'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('recurring-price'), { target: { value: QUARTERLY } });
    fireEvent.click(screen.getByTestId('qp-submit'));
    expect(await sentBody(calls, 'POST /quick-payment/')).toMatchObject({ recurring_price_id: QUARTERLY });
  });

  it('keeps a link’s archived price chosen, saying what it is, and says when there is none to choose', async () => {
    mockApi((config) => {
      const route = routeOf(config);
      if (route.startsWith('GET /price/')) return okPage([]);
      if (route === 'GET /quick-payment/products/') return ok([]);
      return okPage([link({ recurring_price_id: ARCHIVED })]);
    });
    renderMerchantPage(<QuickPaymentsPage />);
    fireEvent.click(await screen.findByTestId('qp-edit'));
    await waitFor(() =>
      expect(screen.getByTestId('recurring-price-hint').textContent).toMatch(/No active recurring price in test mode/),
    );
    const select = screen.getByTestId('recurring-price') as HTMLSelectElement;
    expect(select.value).toBe(ARCHIVED);
    expect(select.selectedOptions[0]?.textContent).toBe('The price chosen before (archived or in the other mode)');
  });
});
