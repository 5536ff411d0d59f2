import type { SubscriptionMetrics } from '@kassa/contract/subscription-metrics';
import type { Subscription, SubscriptionDetail } from '@kassa/contract/subscriptions';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { declineThenConfirm } from '../../test/confirm-flow.ts';
import { savedCard } from '../../test/customer-fixtures.ts';
import { bodyOf, fail, mockApi, ok, pageOf, routeOf, sentBody } from '../../test/mock-api.ts';
import { renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { SubscriptionDetailPage } from './subscription-detail-page.tsx';
import { SubscriptionsPage } from './subscriptions-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn(), confirmDialog: vi.fn() }));
const { confirmDialog } = await import('../../lib/toast.ts');

const SUB_ID = '5a0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f';
const PRICE_ID = '6b0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f';

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: SUB_ID,
  merchant_id: 'm-1',
  mode: 'test',
  customer_id: '0b8d3a52-6f4c-4f1e-9a63-2f1d7c9e5a10',
  price_id: PRICE_ID,
  amount: 3_000,
  currency: 'USD',
  interval: 'month',
  interval_count: 1,
  quantity: 1,
  payment_method_id: null,
  collection_method: 'charge_automatically',
  status: 'active',
  billing_cycle_anchor: '2026-01-31T10:00:00.000Z',
  current_period_start: '2026-01-31T10:00:00.000Z',
  current_period_end: '2026-02-28T10:00:00.000Z',
  trial_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  paused_at: null,
  pending_proration: 0,
  test_clock_id: null,
  created_at: '2026-01-31T10:00:00.000Z',
  updated_at: '2026-01-31T10:00:00.000Z',
  ...over,
});
const detail = (over: Partial<Subscription> = {}): SubscriptionDetail => ({ ...subscription(over), invoices: [] });

beforeEach(() => vi.mocked(confirmDialog).mockReset());

const noMetrics: SubscriptionMetrics = {
  mrr: [],
  active_subscribers: 0,
  churn: { window_days: 30, active_at_start: 0, canceled: 0, rate: null },
  recovery: { window_days: 30, failed_invoices: 0, recovered_invoices: 0, amount_recovered: [] },
};
const metrics = (): SubscriptionMetrics => ({
  mrr: [
    { currency: 'EUR', amount: 3_042 },
    { currency: 'USD', amount: 9_600 },
  ],
  active_subscribers: 4,
  churn: { window_days: 30, active_at_start: 6, canceled: 1, rate: 0.1667 },
  recovery: {
    window_days: 30,
    failed_invoices: 3,
    recovered_invoices: 2,
    amount_recovered: [{ currency: 'USD', amount: 12_000 }],
  },
});

describe('Subscription figures', () => {
  const withMetrics = (reply: () => ReturnType<typeof ok> | Promise<ReturnType<typeof ok>>) =>
    mockApi((config) => {
      if (routeOf(config).startsWith('GET /subscription/billing-settings/'))
        return ok({ retry_days: [1, 3, 5, 7], after_last_retry: 'canceled' });
      if (routeOf(config).startsWith('GET /subscription/metrics/')) return reply();
      return ok(pageOf([subscription()]));
    });

  it('shows MRR per currency, subscribers, churn and recovery of the mode shown', async () => {
    const calls = withMetrics(() => ok(metrics()));
    renderMerchantPage(<SubscriptionsPage />);
    expect((await screen.findByTestId('metric-mrr-value')).textContent).toBe('€30.42 · $96.00');
    expect(screen.getByTestId('metric-subscribers-value').textContent).toBe('4');
    expect(screen.getByTestId('metric-churn-value').textContent).toBe('16.7 %');
    expect(screen.getByTestId('metric-churn').textContent).toContain('1 of 6 canceled in the last 30 days');
    expect(screen.getByTestId('metric-recovery-value').textContent).toBe('2 of 3');
    expect(screen.getByTestId('metric-recovery').textContent).toContain('$120.00 in the last 30 days');
    expect(calls.some((c) => c.url === '/subscription/metrics/?mode=test')).toBe(true);
  });

  it('shows a spinner while the figures load, then the figures', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => {};
    withMetrics(() => new Promise((resolve) => (answer = resolve)));
    renderMerchantPage(<SubscriptionsPage />);
    expect(await screen.findByText('Loading the subscription figures…')).toBeTruthy();
    expect(screen.queryByTestId('metric-mrr')).toBeNull();
    answer(ok(metrics()));
    expect((await screen.findByTestId('metric-subscribers-value')).textContent).toBe('4');
    expect(screen.queryByText('Loading the subscription figures…')).toBeNull();
  });

  it('says when the figures could not be loaded', async () => {
    withMetrics(() => fail(500, 'internal_error', 'Something went wrong.'));
    renderMerchantPage(<SubscriptionsPage />);
    expect(await screen.findByText(/subscription figures could not be loaded/)).toBeTruthy();
  });
});

describe('Subscriptions page', () => {
  it('lists the test-mode subscriptions and filters them by status', async () => {
    const calls = mockApi((config) => {
      if (routeOf(config).startsWith('GET /subscription/billing-settings/'))
        return ok({ retry_days: [1, 3, 5, 7], after_last_retry: 'canceled' });
      if (routeOf(config).startsWith('GET /subscription/metrics/')) return ok(metrics());
      return ok(
        pageOf(config.url?.includes('status=past_due') ? [subscription({ status: 'past_due' })] : [subscription()]),
      );
    });
    renderMerchantPage(<SubscriptionsPage />);
    expect((await screen.findAllByTestId('subscription-row')).length).toBe(1);
    expect(screen.getByTestId('subscription-link').textContent).toBe('$30.00 every month');
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'past_due' } });
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('past due'));
    expect(
      calls.some((c) => c.url === '/subscription/?page=1&page_size=20&sort_by=-created_at&status=past_due&mode=test'),
    ).toBe(true);
  });

  it('shows the empty state and the failed-renewal settings', async () => {
    mockApi((config) => {
      if (routeOf(config).startsWith('GET /subscription/billing-settings/'))
        return ok({ retry_days: [1, 3, 5, 7], after_last_retry: 'canceled' });
      if (routeOf(config).startsWith('GET /subscription/metrics/')) return ok(noMetrics);
      return ok(pageOf([]));
    });
    renderMerchantPage(<SubscriptionsPage />);
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    expect((await screen.findByTestId('metrics-empty')).textContent).toContain('No subscriptions yet');
    await waitFor(() => expect((screen.getByTestId('retry-days') as HTMLInputElement).value).toBe('1, 3, 5, 7'));
  });
});

describe('Subscription page', () => {
  const renderDetail = () =>
    renderMerchantPage(
      <Routes>
        <Route path="/subscriptions/:id" element={<SubscriptionDetailPage />} />
      </Routes>,
      { path: `/subscriptions/${SUB_ID}` },
    );

  it('cancels only after the confirmation, and offers the actions the status allows', async () => {
    let canceled = false;
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === `POST /subscription/${SUB_ID}/cancel/`) {
        canceled = true;
        return ok(detail({ status: 'canceled' }));
      }
      if (route.startsWith('GET /price/')) return ok(pageOf([]));
      return ok(detail(canceled ? { status: 'canceled' } : {}));
    });
    renderDetail();
    expect(await screen.findByTestId('subscription-pause')).toBeTruthy();
    expect(screen.queryByTestId('subscription-resume')).toBeNull();
    await declineThenConfirm(
      () => screen.getByTestId('subscription-cancel-now'),
      () => canceled,
    );
    await waitFor(() => expect(canceled).toBe(true));
    expect(await sentBody(calls, `POST /subscription/${SUB_ID}/cancel/`)).toEqual({ at_period_end: false });
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('canceled'));
    expect(screen.queryByTestId('subscription-cancel-now')).toBeNull();
  });

  it('names the card by brand and last 4, or by its id when the cards cannot be read', async () => {
    const CARD_ID = '7c0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f';
    let cardsReadable = true;
    mockApi((config) => {
      const route = routeOf(config);
      if (route.endsWith('/payment-method/'))
        return cardsReadable
          ? ok([savedCard({ id: CARD_ID, brand: 'Visa', last4: '4242' })])
          : fail(403, 'forbidden', 'No');
      if (route.startsWith('GET /price/')) return ok(pageOf([]));
      return ok(detail({ payment_method_id: CARD_ID }));
    });
    const first = renderDetail();
    expect((await screen.findByTestId('subscription-card')).textContent).toBe('Visa •••• 4242');
    first.unmount();
    cardsReadable = false;
    renderDetail();
    expect(await screen.findByText(CARD_ID.slice(0, 8))).toBeTruthy();
  });

  it('previews a quantity change before applying it', async () => {
    const calls = mockApi((config) => {
      const route = routeOf(config);
      if (route === `PATCH /subscription/${SUB_ID}/`)
        return ok({
          subscription: subscription({ quantity: 2 }),
          proration: { credit: 1_500, charge: 3_000, net: 1_500, currency: 'USD', unused_share_millionths: 500_000 },
          invoice_id: null,
        });
      if (route.startsWith('GET /price/')) return ok(pageOf([]));
      return ok(detail());
    });
    renderDetail();
    fireEvent.change(await screen.findByTestId('change-quantity'), { target: { value: '2' } });
    expect((screen.getByTestId('change-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('change-preview'));
    expect((await screen.findByTestId('proration-preview')).textContent).toContain('$15.00');
    expect(await sentBody(calls, `PATCH /subscription/${SUB_ID}/`)).toMatchObject({ quantity: 2, preview: true });
    fireEvent.click(screen.getByTestId('change-apply'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'patch')).toHaveLength(2));
    expect(bodyOf(calls.filter((c) => c.method === 'patch')[1]!)).toMatchObject({
      quantity: 2,
      preview: false,
    });
  });
});
