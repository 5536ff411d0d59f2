// GET /dashboard/summary/ (docs/ARCHITECTURE.md: Dashboard app, view access). Definitions:
// - gross volume: captured amount of payments created in the period (refunded ones included);
// - refunds: amount refunded on those payments (a refund counts in the period of its payment);
// - net = gross − refunds; count: payments captured (capture_succeeded, partially_refunded, refunded);
// - success rate: captured payments over every attempt that has finished (all but processing);
// - average ticket: gross / count, rounded half-up to the minor unit.
// Amounts never mix currencies: one block per currency, the merchant's default currency first.
import { APP } from '@kassa/contract/access';
import type { DashboardCurrency, DashboardQuery, DashboardSummary, DashboardTotals } from '@kassa/contract/dashboard';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@kassa/contract/dashboard';
import type { AppContext } from '../../context.ts';
import { requireMerchantRead } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid } from '../../lib/app-error.ts';
import { DAY } from '../../lib/clock.ts';
import {
  CAPTURED_STATUSES,
  type DailyBucket,
  dailyBuckets,
  findMerchantDefaultCurrency,
  topProducts,
} from './dashboard.queries.ts';

const TOP_PRODUCTS = 5;
const isCaptured = (status: string) => (CAPTURED_STATUSES as readonly string[]).includes(status);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY));

interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: string[];
}

/** The chosen range (default: the last 30 days up to today, UTC) and the equally long one before it. */
function periodOf(q: DashboardQuery, today: string): Period {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, 1 - DASHBOARD_DEFAULT_DAYS);
  if (from > to) throw invalid('from', 'The start date must not be after the end date');
  const length = Math.round((startOf(to).getTime() - startOf(from).getTime()) / DAY) + 1;
  if (length > DASHBOARD_MAX_DAYS) throw invalid('from', `Choose at most ${DASHBOARD_MAX_DAYS} days`);
  return {
    from,
    to,
    previousFrom: addDays(from, -length),
    previousTo: addDays(from, -1),
    days: Array.from({ length }, (_, i) => addDays(from, i)),
  };
}

function totalsOf(buckets: DailyBucket[]): DashboardTotals {
  let gross = 0;
  let refunds = 0;
  let captured = 0;
  let attempts = 0;
  for (const b of buckets) {
    if (b.status !== 'processing') attempts += b.count;
    if (isCaptured(b.status)) {
      captured += b.count;
      gross += b.captured;
      refunds += b.refunded;
    }
  }
  return {
    gross_volume: gross,
    refunds,
    net: gross - refunds,
    count: captured,
    success_rate: attempts === 0 ? null : Math.round((captured / attempts) * 10_000) / 100,
    average_ticket: captured === 0 ? 0 : Math.round(gross / captured),
  };
}

function sumBy<K extends string>(buckets: DailyBucket[], key: (b: DailyBucket) => K) {
  const out = new Map<K, { count: number; gross: number; amount: number; captured: number }>();
  for (const b of buckets) {
    const entry = out.get(key(b)) ?? { count: 0, gross: 0, amount: 0, captured: 0 };
    entry.count += b.count;
    entry.amount += b.amount;
    if (isCaptured(b.status)) {
      entry.gross += b.captured;
      entry.captured += b.count;
    }
    out.set(key(b), entry);
  }
  return out;
}

export async function dashboardSummary(ctx: AppContext, actor: Actor, q: DashboardQuery): Promise<DashboardSummary> {
  const scope = await requireMerchantRead(ctx, actor, APP.DASHBOARD, q.merchant_id);
  const period = periodOf(q, dayOf(ctx.clock.now()));
  const end = addDays(period.to, 1);
  const [buckets, top, defaultCurrency] = await Promise.all([
    dailyBuckets(ctx.db, scope.merchantIds, q.mode, period.previousFrom, end),
    topProducts(ctx.db, scope.merchantIds, q.mode, period.from, end, TOP_PRODUCTS),
    findMerchantDefaultCurrency(
      ctx.db,
      scope.merchantIds.length === 1 ? (scope.merchantIds[0] ?? '') : scope.merchantId,
    ),
  ]);

  const byCurrency = new Map<string, DailyBucket[]>();
  for (const b of buckets) {
    const rows = byCurrency.get(b.currency);
    if (rows) rows.push(b);
    else byCurrency.set(b.currency, [b]);
  }
  const fallback = defaultCurrency ?? 'USD';
  if (!byCurrency.has(fallback)) byCurrency.set(fallback, []);

  const blocks = [...byCurrency].map(([currency, rows]): DashboardCurrency => {
    const current = rows.filter((b) => b.day >= period.from);
    const daily = sumBy(current, (b) => b.day);
    return {
      currency,
      current: totalsOf(current),
      previous: totalsOf(rows.filter((b) => b.day < period.from)),
      // Zero-filled: every day of the range is there, with or without payments.
      series: period.days.map((date) => ({
        date,
        gross_volume: daily.get(date)?.gross ?? 0,
        count: daily.get(date)?.captured ?? 0,
      })),
      by_method: [...sumBy(current, (b) => b.method)].map(([method, v]) => ({
        method,
        // Captured payments, like the headline count and gross volume, so the rows add up to them.
        count: v.captured,
        gross_volume: v.gross,
      })),
      by_status: [...sumBy(current, (b) => b.status)].map(([status, v]) => ({
        status,
        count: v.count,
        amount: v.amount,
      })),
      top_products: top
        .filter((p) => p.currency === currency)
        .map((p) => ({ product_id: p.productId, name: p.name, count: p.count, gross_volume: p.volume })),
    };
  });
  blocks.sort((a, b) =>
    a.currency === fallback ? -1 : b.currency === fallback ? 1 : b.current.gross_volume - a.current.gross_volume,
  );

  return {
    from: period.from,
    to: period.to,
    previous_from: period.previousFrom,
    previous_to: period.previousTo,
    merchant_ids: scope.merchantIds,
    currencies: blocks,
  };
}
