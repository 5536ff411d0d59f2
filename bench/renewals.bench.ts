// Renewals without HTTP in the way: N subscriptions (KASSA_BENCH_RENEWALS, 10,000 by default) due at
// once, renewed and charged with their saved sandbox cards by the renewal tick run as the background
// job runs it — several ticks at once, as several API processes would — against Kassa's own payment
// peak over HTTP measured in the same run on the same database. Targets: renewals/s ≥ the HTTP
// payment peak (a renewal does what a payment does minus the network and the checkout token), and
// every subscription renewed exactly once: one invoice for its period and one captured charge.
import { ROLE } from '@kassa/contract/access';
import { and, count, countDistinct, eq, inArray, lte, sql } from 'drizzle-orm';
import { invoices, subscriptions, transactions } from '../apps/api/src/db/schema.ts';
import { RENEWAL_BATCH, runRenewals } from '../apps/api/src/modules/subscriptions/renewals.service.ts';
import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { createDueSubscriptions, createMonthlyPrice } from '../apps/api/test/factories/subscriptions.ts';
import { createUser } from '../apps/api/test/factories/users.ts';
import { kassaRun, payOnce, SECONDS, startBuyers, WARM_UP_SECONDS } from './payment.bench.ts';
import { Tally } from './support/loops.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { startBenchApi } from './support/server.ts';
import { captureSql, countCommits } from './support/sql-capture.ts';
import { countScript, toScript } from './support/sql-replay.ts';

const RENEWALS = Number(process.env.KASSA_BENCH_RENEWALS ?? 10_000);
// Each tick takes a connection for its claim and another for the charge after commit: four ticks keep
// the API's pool of five (docs/decisions/0020-the-api-process-on-a-small-machine.md) busy without
// making them queue for it behind one another.
const TICKS = Number(process.env.KASSA_BENCH_RENEWAL_TICKS ?? 4);
const PAYMENT_LEVELS = [8, 32] as const;

export async function run(): Promise<BenchRow[]> {
  const api = await startBenchApi({ withoutRateLimits: true });
  const db = api.ctx.db;
  let buyers: ReturnType<typeof startBuyers> | undefined;
  try {
    const merchant = await createMerchant(db, { name: 'Renewals Ltd', phone: '+14155550123' });
    await createUser(db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const product = await createProduct(db, merchant.id);
    const price = await createMonthlyPrice(db, merchant.id, product.id);
    const seeded = Date.now();
    const ids = await createDueSubscriptions(db, {
      merchantId: merchant.id,
      priceId: price.id,
      count: RENEWALS,
      now: api.ctx.clock.now(),
    });
    const seedSeconds = (Date.now() - seeded) / 1000;

    // The HTTP payment peak, with the due subscriptions already in the tables: the bench API runs no
    // background jobs, so nothing renews them until the ticks below.
    buyers = startBuyers({ url: api.url, productId: product.id });
    await kassaRun(buyers, { concurrency: 8 }, WARM_UP_SECONDS * 1000);
    const rows: BenchRow[] = [];
    let peak = 0;
    for (const c of PAYMENT_LEVELS) {
      const tally = new Tally();
      tally.add(await kassaRun(buyers, { concurrency: c }, SECONDS * 1000));
      peak = Math.max(peak, tally.perSec);
      rows.push(metric(`HTTP payments, ${c} at once (${api.database})`, tally.perSec, 'payments/s'));
    }
    await buyers.close();
    buyers = undefined;

    // Where the difference comes from: the SQL of one HTTP payment and of one renewal with its charge,
    // captured at the driver while nothing else runs.
    const fixtures = { merchant: merchant.id, product: product.id };
    const sqlOf = async (work: () => Promise<unknown>, label: string) => {
      const { statements } = await captureSql(work);
      if (process.env.KASSA_BENCH_SQL_BREAKDOWN) printBreakdown(label, statements);
      // Commits counted per connection: a batch's charges run side by side and their statements interleave.
      return { ...countScript(toScript(statements, fixtures, Date.now(), label)), commits: countCommits(statements) };
    };
    const payment = await sqlOf(() => payOnce(api, product.id), 'one payment');
    // A renewal as 10,000 due subscriptions run it: one tick renewing one full batch, its claim, its
    // charges and the tick's own bookkeeping shared by the batch's renewals.
    const batch = await sqlOf(() => runRenewals(api.ctx, { maxSteps: RENEWAL_BATCH }), 'one batch of renewals');
    rows.push(
      metric('statements per HTTP payment', payment.statements, 'statements'),
      metric('commits per HTTP payment', payment.commits, 'commits'),
      metric(
        `statements per renewal and its charge, in a batch of ${RENEWAL_BATCH}`,
        batch.statements / RENEWAL_BATCH,
        'statements',
      ),
      metric(
        `commits per renewal and its charge, in a batch of ${RENEWAL_BATCH}`,
        batch.commits / RENEWAL_BATCH,
        'commits',
      ),
    );

    const stillDue = async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.merchantId, merchant.id),
                inArray(subscriptions.status, ['active', 'trialing']),
                lte(subscriptions.currentPeriodEnd, api.ctx.clock.now()),
              ),
            )
        )[0]?.n ?? 0,
      );
    const started = Date.now();
    // A tick stops when it finds nothing left to claim; one that ran dry while another still held the
    // last rows is followed by another round, as the next minute's tick would.
    for (let round = 0; round < 10 && (await stillDue()) > 0; round++) {
      await Promise.all(Array.from({ length: TICKS }, () => runRenewals(api.ctx)));
    }
    const renewSeconds = (Date.now() - started) / 1000;
    // The batch whose SQL was captured above was renewed before the clock started.
    const renewalsPerSec = (ids.length - RENEWAL_BATCH) / renewSeconds;

    // Exactly once, from the tables: one invoice per subscription, paid, and one captured payment per
    // invoice — and no payment in any other state (a second try, a failure) next to it.
    const [perInvoice] = await db
      .select({
        invoices: countDistinct(invoices.id),
        subscriptions: countDistinct(invoices.subscriptionId),
        paid: sql<number>`count(distinct ${invoices.id}) filter (where ${invoices.status} = 'paid')`.mapWith(Number),
        payments: count(transactions.id),
        captured:
          sql<number>`count(${transactions.id}) filter (where ${transactions.status} = 'capture_succeeded')`.mapWith(
            Number,
          ),
        chargedInvoices: countDistinct(transactions.invoiceId),
      })
      .from(invoices)
      .leftJoin(transactions, eq(transactions.invoiceId, invoices.id))
      .where(eq(invoices.merchantId, merchant.id));
    const n = ids.length;
    const got = perInvoice!;
    const wrong =
      Math.abs(got.invoices - n) +
      Math.abs(got.subscriptions - n) +
      Math.abs(got.paid - n) +
      Math.abs(got.payments - n) +
      Math.abs(got.captured - n) +
      Math.abs(got.chargedInvoices - n) +
      (await stillDue());
    if (wrong > 0) console.error(`\n  renewals: expected ${n} of each, got ${JSON.stringify(got)}`);

    return [
      metric('due subscriptions seeded', n, 'subscriptions'),
      metric('seeding them', seedSeconds, 's'),
      ...rows,
      metric(`renewals, ${TICKS} ticks at once (${api.database})`, renewalsPerSec, 'renewals/s'),
      metric(`renewing all ${n} but the batch captured`, renewSeconds, 's'),
      metric('renewals/s ÷ HTTP payment peak', renewalsPerSec / peak, 'ratio', { min: 1 }),
      // Counts that miss: invoices, subscriptions invoiced, invoices paid, payments, captured payments,
      // invoices charged (each should be N) and subscriptions still due (should be 0).
      metric('renewals not exactly once (invoice, charge)', wrong, 'misses', { max: 1 }),
    ];
  } finally {
    await buyers?.close();
    await api.close();
  }
}

/**
 * KASSA_BENCH_SQL_BREAKDOWN=1: the captured statements of one payment and of one batch, counted by their
 * text (its first 110 characters), most frequent first — where a renewal's statements go.
 */
function printBreakdown(label: string, statements: { text: string }[]) {
  const byText = new Map<string, number>();
  for (const s of statements) {
    const key = s.text.replace(/\s+/g, ' ').trim().slice(0, 110);
    byText.set(key, (byText.get(key) ?? 0) + 1);
  }
  console.error(`\n  ${label}: ${statements.length} statements (BEGIN/COMMIT included)`);
  for (const [text, n] of [...byText].sort((a, b) => b[1] - a[1])) console.error(`  ${String(n).padStart(5)}  ${text}`);
  if (process.env.KASSA_BENCH_SQL_BREAKDOWN === 'all') {
    for (const s of statements) console.error(`    ${s.text.replace(/\s+/g, ' ').trim().slice(0, 150)}`);
  }
}
