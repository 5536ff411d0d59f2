import type { DashboardSummary, DashboardTotals } from '@kassa/contract/dashboard';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { makeMerchant } from '../../test/render-app.tsx';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { changeText } from './components/kpi-cards.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const totals = (over: Partial<DashboardTotals> = {}): DashboardTotals => ({
  gross_volume: 0,
  refunds: 0,
  net: 0,
  count: 0,
  success_rate: null,
  average_ticket: 0,
  ...over,
});

const summary = (over: Partial<DashboardSummary> = {}): DashboardSummary => ({
  from: '2026-10-23',
  to: '2026-11-21',
  previous_from: '2026-09-23',
  previous_to: '2026-10-22',
  merchant_ids: ['m-1'],
  currencies: [
    {
      currency: 'USD',
      current: totals({
        gross_volume: 1_250_000,
        refunds: 50_000,
        net: 1_200_000,
        count: 100,
        success_rate: 96.5,
        average_ticket: 12_500,
      }),
      previous: totals({
        gross_volume: 1_000_000,
        refunds: 25_000,
        net: 975_000,
        count: 80,
        success_rate: 95,
        average_ticket: 12_500,
      }),
      series: [
        { date: '2026-11-20', gross_volume: 600_000, count: 50 },
        { date: '2026-11-21', gross_volume: 650_000, count: 50 },
      ],
      by_method: [{ method: 'card', count: 100, gross_volume: 1_250_000 }],
      by_status: [
        { status: 'capture_succeeded', count: 96, amount: 1_200_000 },
        { status: 'authorization_failed', count: 4, amount: 50_000 },
      ],
      top_products: [{ product_id: 'p-1', name: 'Trail Runner Jacket', count: 40, gross_volume: 516_000 }],
    },
  ],
  ...over,
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('Dashboard page', () => {
  it('shows the KPIs of the period with their change against the previous one', async () => {
    const calls = mockApi(() => ok(summary()));
    renderMerchantPage(<DashboardPage />);
    await screen.findByTestId('kpi-cards');
    expect(text('kpi-gross_volume-value')).toBe('$12,500.00');
    expect(text('kpi-gross_volume-change')).toContain('+25 %');
    expect(text('kpi-refunds-value')).toBe('$500.00');
    expect(screen.getByTestId('kpi-refunds-change').className).toContain('is-bad');
    expect(text('kpi-net-value')).toBe('$12,000.00');
    expect(text('kpi-count-value')).toBe('100');
    expect(text('kpi-success_rate-value')).toBe('96.5 %');
    expect(text('kpi-success_rate-change')).toContain('+1.5 pts');
    expect(text('kpi-average_ticket-change')).toContain('+0 %');
    expect(screen.getByTestId('top-products').textContent).toContain('Trail Runner Jacket');
    // The list's words for statuses, and breakdowns that add up or say what they count.
    expect(screen.getByTestId('by-status').textContent).toContain('Succeeded');
    expect(screen.getByTestId('by-status').textContent).toContain('Declined');
    expect(screen.getByTestId('by-status').textContent).not.toMatch(/capture succeeded/i);
    expect(text('by-status-total')).toBe('All attempts100$12,500.00');
    expect(text('by-method-total')).toBe(`Total${text('kpi-gross_volume-value')}${text('kpi-count-value')}`);
    expect(calls[0]!.url).toMatch(/^\/dashboard\/summary\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&mode=test$/);
    expect(screen.queryByTestId('dashboard-merchant')).toBeNull();
  });

  it('asks for the chosen preset and shows the empty state without payments', async () => {
    const calls = mockApi(() =>
      ok(summary({ currencies: [{ ...summary().currencies[0]!, current: totals(), by_status: [], by_method: [] }] })),
    );
    renderMerchantPage(<DashboardPage />);
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No payments in this period');
    fireEvent.click(screen.getByTestId('range-7'));
    await waitFor(() => {
      const url = new URL(`http://x${calls.at(-1)!.url}`);
      const days = (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000;
      expect(days).toBe(6);
    });
  });

  const masterOwner = () => makeOwner({ merchant: makeMerchant({ is_master: true }) });
  const subMerchantPage = {
    count: 2,
    page: 1,
    page_size: 100,
    results: [
      { id: 'm-2', name: 'Bolt Bikes', logo: null, payment_hub_status: 3, finance_hub_status: 3, created_at: '' },
      { id: 'm-3', name: 'Cedar Café', logo: null, payment_hub_status: 2, finance_hub_status: 1, created_at: '' },
    ],
  };
  const masterApi = () =>
    mockApi((config) => (config.url?.startsWith('/merchant/sub-merchants/') ? ok(subMerchantPage) : ok(summary())));
  const summaryCalls = (calls: { url?: string }[]) =>
    calls.filter((c) => c.url?.startsWith('/dashboard/summary/')).map((c) => new URL(`http://x${c.url}`).searchParams);

  it('lets a master merchant pick a sub-merchant by name, or all merchants', async () => {
    const calls = masterApi();
    renderMerchantPage(<DashboardPage />, { user: masterOwner(), path: '/dashboard' });
    const select = (await screen.findByTestId('dashboard-merchant')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Acme Outfitters',
      'All merchants',
      'Bolt Bikes',
      'Cedar Café',
    ]);
    expect(calls.some((c) => c.url === '/merchant/sub-merchants/?page_size=100&sort_by=name')).toBe(true);

    fireEvent.change(select, { target: { value: 'm-3' } });
    await waitFor(() => expect(summaryCalls(calls).at(-1)?.get('merchant_id')).toBe('m-3'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?merchant_id=m-3');

    fireEvent.change(select, { target: { value: 'all' } });
    await waitFor(() => expect(summaryCalls(calls).at(-1)?.get('merchant_id')).toBe('all'));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(summaryCalls(calls).at(-1)?.has('merchant_id')).toBe(false));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('opens on the sub-merchant the link names (from the Sub-merchants page)', async () => {
    const calls = masterApi();
    renderMerchantPage(<DashboardPage />, { user: masterOwner(), path: '/dashboard?merchant_id=m-2' });
    const select = (await screen.findByTestId('dashboard-merchant')) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Bolt Bikes'));
    expect(summaryCalls(calls).every((q) => q.get('merchant_id') === 'm-2')).toBe(true);
  });

  it('asks for sub-merchant names only for a master merchant', async () => {
    const calls = mockApi(() => ok(summary()));
    renderMerchantPage(<DashboardPage />);
    await screen.findByTestId('kpi-cards');
    expect(calls.some((c) => c.url?.startsWith('/merchant/sub-merchants/'))).toBe(false);
  });

  it('reads changes as a person would', () => {
    expect(changeText(150, 100, 'money').text).toBe('+50 %');
    expect(changeText(50, 100, 'count').text).toBe('−50 %');
    expect(changeText(10, 0, 'money').text).toBe('New');
    expect(changeText(null, 90, 'rate').text).toBe('No earlier data');
  });
});
