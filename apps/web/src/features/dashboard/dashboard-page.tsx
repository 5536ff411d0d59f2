// Dashboard (docs/product-rules.md#routes /dashboard, 6: Dashboard access 1): the period's gross volume,
// refunds, net, count, success rate and average payment against the previous period, volume per day,
// breakdowns by method and status, top products. A master merchant chooses its own data, one
// sub-merchant's or all of them (docs/ARCHITECTURE.md: read-only across the tree); the choice lives in the
// address bar (`?merchant_id=`), so the Sub-merchants page can link to one sub-merchant's dashboard.
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { useSearchParams } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { useDashboardSummary } from './api/dashboard-api.ts';
import { useSubMerchantOptions } from './api/sub-merchant-options-api.ts';
import { Breakdowns } from './components/breakdowns.tsx';
import { lastDays, PRESETS, type PresetKey, rangeProblem } from './components/date-range.ts';
import { KpiCards } from './components/kpi-cards.tsx';
import { VolumeChart } from './components/volume-chart.tsx';
import './dashboard.css';
import { usePaymentMode } from '../../lib/payment-mode.ts';

const rangeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const showDay = (day: string) => rangeFormat.format(new Date(`${day}T00:00:00Z`));

export function DashboardPage() {
  const merchant = useSessionSelector((s) => s.auth.user?.merchant ?? null);
  const [preset, setPreset] = useState<PresetKey>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const [params, setParams] = useSearchParams();
  const merchantId = params.get('merchant_id') || null;
  const mode = usePaymentMode();
  const [currency, setCurrency] = useState<string | null>(null);

  const range = preset === 'custom' ? custom : lastDays(PRESETS.find((p) => p.key === preset)?.days ?? 30);
  const problem = preset === 'custom' ? rangeProblem(custom.from, custom.to) : null;
  const { data, error, isLoading, mutate } = useDashboardSummary(problem ? null : { ...range, merchantId, mode });

  const { data: subMerchants } = useSubMerchantOptions(merchant?.is_master ?? false);
  const subOptions = subMerchants?.results ?? [];
  // A link may name a sub-merchant beyond the first page of names: keep it selectable all the same.
  const isUnlisted =
    merchantId !== null && merchantId !== 'all' && merchantId !== merchant?.id && subMerchants !== undefined
      ? !subOptions.some((sub) => sub.id === merchantId)
      : false;
  const chooseMerchant = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('merchant_id', id);
        else next.delete('merchant_id');
        return next;
      },
      { replace: true },
    );

  const block = data?.currencies.find((c) => c.currency === currency) ?? data?.currencies[0];
  const hasPayments = block !== undefined && (block.current.count > 0 || block.by_status.some((row) => row.count > 0));

  let body: ReactNode;
  if (problem) body = null;
  else if (error && !data) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) body = <ListLoading />;
  else if (!block || !hasPayments)
    body = (
      <ListEmpty
        title="No payments in this period"
        text="Payments from your products, quick payments, invoices and the virtual terminal show here."
      />
    );
  else
    body = (
      <>
        {data.currencies.length > 1 && (
          <Nav variant="pills" className="mb-3" data-testid="dashboard-currencies">
            {data.currencies.map((c) => (
              <Nav.Item key={c.currency}>
                <Nav.Link as="button" active={c.currency === block.currency} onClick={() => setCurrency(c.currency)}>
                  {c.currency}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        )}
        <KpiCards current={block.current} previous={block.previous} currency={block.currency} />
        <Card className="dashboard-card mb-3">
          <Card.Body>
            <div className="d-flex justify-content-between flex-wrap gap-2 mb-2">
              <h2 className="h6 mb-0">Gross volume per day</h2>
              <span className="small text-body-secondary">
                {showDay(data.from)} – {showDay(data.to)} · compared with {showDay(data.previous_from)} –{' '}
                {showDay(data.previous_to)}
              </span>
            </div>
            <VolumeChart block={block} />
          </Card.Body>
        </Card>
        <Breakdowns block={block} />
      </>
    );

  return (
    <section>
      <PageHeader title="Dashboard" description="How your payments are doing." />
      <div className="dashboard-controls">
        <ButtonGroup aria-label="Date range">
          {PRESETS.map((p) => (
            <Button
              key={p.key}
              variant={preset === p.key ? 'primary' : 'outline-primary'}
              onClick={() => setPreset(p.key)}
              data-testid={`range-${p.key}`}
            >
              {p.label}
            </Button>
          ))}
          <Button
            variant={preset === 'custom' ? 'primary' : 'outline-primary'}
            onClick={() => setPreset('custom')}
            data-testid="range-custom"
          >
            Custom
          </Button>
        </ButtonGroup>
        {preset === 'custom' && (
          <div className="d-flex gap-2 align-items-center flex-wrap">
            <Form.Control
              type="date"
              className="w-auto"
              value={custom.from}
              max={custom.to}
              onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
              aria-label="From"
              isInvalid={Boolean(problem)}
              data-testid="range-from"
            />
            <span className="text-body-secondary">to</span>
            <Form.Control
              type="date"
              className="w-auto"
              value={custom.to}
              min={custom.from}
              onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
              aria-label="To"
              isInvalid={Boolean(problem)}
              data-testid="range-to"
            />
            {problem && <span className="text-danger small">{problem}</span>}
          </div>
        )}
        {merchant?.is_master && (
          <Form.Select
            className="w-auto ms-lg-auto"
            value={merchantId === merchant.id ? '' : (merchantId ?? '')}
            onChange={(event) => chooseMerchant(event.target.value)}
            aria-label="Merchant"
            data-testid="dashboard-merchant"
          >
            <option value="">{merchant.name}</option>
            <option value="all">All merchants</option>
            {subOptions.map((sub) => (
              <option key={sub.id} value={sub.id}>
                {sub.name}
              </option>
            ))}
            {isUnlisted && merchantId && <option value={merchantId}>Sub-merchant {merchantId.slice(0, 8)}</option>}
          </Form.Select>
        )}
      </div>
      {body}
    </section>
  );
}
