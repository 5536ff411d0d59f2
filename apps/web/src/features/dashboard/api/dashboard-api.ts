// GET /dashboard/summary/ (ARCHITECTURE 5: Dashboard app, view access).
import type { DashboardSummary } from '@kassa/contract/dashboard';
import useSWR from 'swr';

export interface DashboardParams {
  from: string;
  to: string;
  /** Absent: the merchant's own data; a sub-merchant's id or 'all' for a master merchant. */
  merchantId: string | null;
}

export const dashboardKey = ({ from, to, merchantId }: DashboardParams) => {
  const query = new URLSearchParams({ from, to });
  if (merchantId) query.set('merchant_id', merchantId);
  return `/dashboard/summary/?${query}`;
};

export const useDashboardSummary = (params: DashboardParams | null) =>
  useSWR<DashboardSummary>(params ? dashboardKey(params) : null, { keepPreviousData: true });
