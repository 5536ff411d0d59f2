// GET /dashboard/summary/ (docs/ARCHITECTURE.md: Dashboard app, view access).
import type { DashboardSummary } from '@kassa/contract/dashboard';
import type { PaymentModeName } from '@kassa/contract/transactions';
import useSWR from 'swr';

export interface DashboardParams {
  from: string;
  to: string;
  /** Absent: the merchant's own data; a sub-merchant's id or 'all' for a master merchant. */
  merchantId: string | null;
  /** Test-mode or live payments (the header's Test mode switch). */
  mode: PaymentModeName;
}

export const dashboardKey = ({ from, to, merchantId, mode }: DashboardParams) => {
  const query = new URLSearchParams({ from, to, mode });
  if (merchantId) query.set('merchant_id', merchantId);
  return `/dashboard/summary/?${query}`;
};

export const useDashboardSummary = (params: DashboardParams | null) =>
  useSWR<DashboardSummary>(params ? dashboardKey(params) : null, { keepPreviousData: true });
