// The dashboard for a user who chose German: its figures, changes and breakdowns as a German merchant
// reads them (docs/i18n.md), through the app's own provider and the German catalogue it loads.
import type { DashboardSummary } from '@kassa/contract/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const totals = { gross_volume: 0, refunds: 0, net: 0, count: 0, success_rate: null, average_ticket: 0 };

const summary: DashboardSummary = {
  from: '2026-10-23',
  to: '2026-11-21',
  previous_from: '2026-09-23',
  previous_to: '2026-10-22',
  merchant_ids: ['m-1'],
  currencies: [
    {
      currency: 'EUR',
      current: { ...totals, gross_volume: 1_250_000, net: 1_250_000, count: 1_234, success_rate: 96.5 },
      previous: { ...totals, gross_volume: 1_000_000, net: 1_000_000, count: 1_000, success_rate: 95 },
      series: [{ date: '2026-11-21', gross_volume: 1_250_000, count: 1_234 }],
      by_method: [{ method: 'gift_card', count: 1_234, gross_volume: 1_250_000 }],
      by_status: [{ status: 'partially_refunded', count: 1_234, amount: 1_250_000 }],
      top_products: [],
    },
  ],
};

describe('the dashboard in German', () => {
  it('shows the figures, their changes and the breakdowns in German', async () => {
    mockApi(() => ok(summary));
    renderMerchantPage(<DashboardPage />, { user: makeOwner({ locale: 'de' }) });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Dashboard'));
    await screen.findByTestId('kpi-cards');
    await waitFor(() => expect(screen.getByTestId('kpi-gross_volume').textContent).toContain('Bruttovolumen'));
    expect(screen.getByTestId('kpi-gross_volume-value').textContent).toMatch(/^12\.500,00\s€$/);
    expect(screen.getByTestId('kpi-gross_volume-change').textContent).toBe('+25 % ggü. Vorzeitraum');
    expect(screen.getByTestId('kpi-count-value').textContent).toBe('1.234');
    expect(screen.getByTestId('kpi-success_rate-value').textContent).toBe('96,5 %');
    expect(screen.getByTestId('kpi-success_rate-change').textContent).toContain('+1,5 Pp.');
    expect(screen.getByText('Bruttovolumen pro Tag')).toBeTruthy();
    expect(
      screen.getByText(/^23\.10\.2026 – 21\.11\.2026 · im Vergleich zu 23\.09\.2026 – 22\.10\.2026$/),
    ).toBeTruthy();
    expect(within(screen.getByTestId('by-method')).getByText('Geschenkkarte')).toBeTruthy();
    expect(within(screen.getByTestId('by-status')).getByText('Teilweise erstattet')).toBeTruthy();
    expect(screen.getByTestId('by-status-total').textContent).toMatch(/^Alle Versuche1\.23412\.500,00\s€$/);
    expect(screen.getByText('Keine Produktverkäufe in diesem Zeitraum')).toBeTruthy();
    expect(screen.getByTestId('range-30').textContent).toBe('30 Tage');
  });
});
