// Dashboard (docs/product-rules.md#routes /dashboard, 6: Dashboard access 1): the period's gross volume,
// refunds, net, count, success rate and average payment against the previous period, volume per day,
// breakdowns by method and status, top products. A master merchant chooses its own data, one
// sub-merchant's or all of them (docs/ARCHITECTURE.md: read-only across the tree); the choice lives in the
// address bar (`?merchant_id=`), so the Sub-merchants page can link to one sub-merchant's dashboard.
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useDashboardSummary } from './api/dashboard-api.ts';
import { DashboardMerchantSelect } from './components/dashboard-merchant-select.tsx';
import { DashboardReport } from './components/dashboard-report.tsx';
import { DateRangePicker } from './components/date-range-picker.tsx';
import { useDashboardPeriod } from './components/use-dashboard-period.ts';
import './dashboard.css';
import { usePaymentMode } from '../../lib/payment-mode.ts';

export function DashboardPage() {
  const { t } = usePortalI18n();
  const merchant = useSessionSelector((s) => s.auth.user?.merchant ?? null);
  const period = useDashboardPeriod();
  const { range, problem } = period;
  const [params] = useSearchParams();
  const merchantId = params.get('merchant_id') || null;
  const mode = usePaymentMode();
  const [currency, setCurrency] = useState<string | null>(null);

  const { data, error, isLoading, mutate } = useDashboardSummary(problem ? null : { ...range, merchantId, mode });

  const block = data?.currencies.find((c) => c.currency === currency) ?? data?.currencies[0];
  const hasPayments = block !== undefined && (block.current.count > 0 || block.by_status.some((row) => row.count > 0));

  let body: ReactNode;
  if (problem) body = null;
  else if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListLoading />;
  else if (!block || !hasPayments)
    body = <ListEmpty title={t('dashboard.empty.title')} text={t('dashboard.empty.text')} />;
  else body = <DashboardReport data={data} block={block} setCurrency={setCurrency} />;

  return (
    <section>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <div className="dashboard-controls">
        <DateRangePicker {...period} />
        {merchant?.is_master && <DashboardMerchantSelect merchant={merchant} merchantId={merchantId} />}
      </div>
      {body}
    </section>
  );
}
