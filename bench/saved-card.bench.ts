// The payment bench's saved-card column: a merchant-initiated charge of a saved sandbox card
// (POST /apiv1/customer/{id}/charge/ with an API key) against the checkout payment (checkout token +
// charge) in the same run, at 1 and 8 at once, in turns so a slower moment of the shared machine falls
// on both. A saved-card charge asks less of the API (one request where the checkout makes two, no card
// to read), so the API's main thread must spend less on one than on a checkout payment; the payments
// per second of both are printed beside it, where the database's work weighs in too, the larger for
// the charge by the rows it must write (docs/benchmarks.md). And its floor, as the payment bench has
// one: the SQL one saved-card charge sends today, captured at the driver from the real route and
// replayed straight from this process (bench/support/floor.ts), so "saved-card Kassa ÷ floor" and the
// p99 at half of the saved-card peak hold it to the payment targets. Both kinds of payment come from
// the payment bench's buyers, each in a worker thread of its own, so that making requests does not
// take the API's event loop (docs/benchmarks.md#what-one-run-measures). The charges go to the
// merchant's customers in turn (saved-card-seed.ts), the floor's replays likewise.
import { kassaRun, SECONDS, startBuyers, WARM_UP_SECONDS } from './payment.bench.ts';
import { mainThreadCpuMs } from './support/cpu-time.ts';
import { captureScript, floorAtRate, floorTarget } from './support/floor.ts';
import { closedLoop, Tally } from './support/loops.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { cardFixtures, savedCardCharge, seedSavedCard } from './support/saved-card-seed.ts';
import { startBenchApi } from './support/server.ts';

const CONCURRENCY = [1, 8] as const;
const TURNS = 3;

/** The main thread's CPU over a kind's turns, and the payments made in them. */
class MainThreadWork {
  private ms = 0;
  private payments = 0;
  /** One Kassa turn, counted: the main thread is the API's alone then (the buyers are in workers). */
  async during<T extends { latencies: number[] }>(turn: () => Promise<T>) {
    const before = mainThreadCpuMs();
    const out = await turn();
    this.ms += mainThreadCpuMs() - before;
    this.payments += out.latencies.length;
    return out;
  }
  get perPayment() {
    return this.ms / this.payments;
  }
}

export async function run(): Promise<BenchRow[]> {
  const api = await startBenchApi({ withoutRateLimits: true });
  let replays: ReturnType<typeof floorTarget> | undefined;
  const buyers: ReturnType<typeof startBuyers>[] = [];
  try {
    const { merchant, owner, product, apiKeyId, target } = await seedSavedCard(api, 'Acme Outfitters');
    const checkoutBuyers = startBuyers({ url: api.url, productId: product.id });
    const savedBuyers = startBuyers({ url: api.url, productId: product.id, savedCard: target });
    buyers.push(checkoutBuyers, savedBuyers);
    // One customer's charge from this thread, for the capture below (the SQL is the same whoever sends it).
    const captured = target.cards[0]!;
    const charge = savedCardCharge(target, captured);
    const chargeSaved = async () => {
      const res = await fetch(`${api.url}${charge.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...charge.headers() },
        body: charge.body,
      });
      const json = (await res.json()) as { result?: { status: string } };
      if (json.result?.status !== 'capture_succeeded')
        throw new Error(`saved-card charge failed: ${JSON.stringify(json)}`);
    };
    // Warm both paths up before measuring, as the payment bench does. Then the capture below meets the
    // API key verified a moment ago, as most charges of a merchant's server calling steadily do: the
    // process keeps a verified key for a few seconds (verified-keys.ts), so after a wait longer than
    // that one charge looks the key up and the captured one does not.
    await kassaRun(checkoutBuyers, { concurrency: 8 }, (WARM_UP_SECONDS * 1000) / 2);
    await kassaRun(savedBuyers, { concurrency: 8 }, (WARM_UP_SECONDS * 1000) / 2);
    await new Promise((resolve) => setTimeout(resolve, api.built.VERIFIED_KEY_TTL_MS + 100));
    await chargeSaved();

    // The floor: this run's own SQL of one saved-card charge, every row that exists before it a fixture,
    // replayed for each customer's card in turn.
    const shared = { merchant: merchant.id, owner: owner.id, product: product.id, apiKey: apiKeyId };
    const fixtures = target.cards.map((card) => ({ ...shared, ...cardFixtures(card) }));
    const { script, counts } = await captureScript(
      chargeSaved,
      { ...shared, ...cardFixtures(captured) },
      'this run: one saved-card charge',
    );
    replays = floorTarget(api, Math.max(...CONCURRENCY));
    const floor = replays.replay(script, fixtures);
    await closedLoop(floor, 8, 2000);

    const levels = CONCURRENCY.map((c) => ({ c, saved: new Tally(), checkout: new Tally(), floor: new Tally() }));
    const work = { saved: new MainThreadWork(), checkout: new MainThreadWork() };
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const level of levels) {
        level.floor.add(await closedLoop(floor, level.c, turn));
        level.checkout.add(await work.checkout.during(() => kassaRun(checkoutBuyers, { concurrency: level.c }, turn)));
        level.saved.add(await work.saved.during(() => kassaRun(savedBuyers, { concurrency: level.c }, turn)));
      }
    }
    const rows: BenchRow[] = [
      metric(`saved-card statements per charge (${api.database})`, counts.statements, 'statements'),
      metric('saved-card commits per charge', counts.commits, 'commits'),
    ];
    // The API's own work, apart from the database's: on PGlite the database runs in this thread too.
    if (api.database === 'postgres') {
      const apiWorkRatio = work.saved.perPayment / work.checkout.perPayment;
      rows.push(
        metric('API main thread per saved-card charge', work.saved.perPayment, 'ms'),
        metric('API main thread per checkout payment', work.checkout.perPayment, 'ms'),
        metric('API work per saved-card charge ÷ per checkout payment', apiWorkRatio, 'ratio', { max: 1 }),
      );
    }
    const peaks = { saved: 0, floor: 0 };
    for (const { c, saved, checkout: typed, floor: bare } of levels) {
      peaks.saved = Math.max(peaks.saved, saved.perSec);
      peaks.floor = Math.max(peaks.floor, bare.perSec);
      rows.push(
        metric(`checkout payment, ${c} at once (${api.database})`, typed.perSec, 'payments/s'),
        metric(`saved-card floor, ${c} at once`, bare.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once`, saved.perSec, 'payments/s'),
        metric(`saved-card charge, ${c} at once: p99`, saved.percentile(99), 'ms'),
        metric(`saved-card ÷ checkout, ${c} at once`, saved.perSec / typed.perSec, 'ratio'),
        metric(`saved-card Kassa ÷ floor, ${c} at once`, saved.perSec / bare.perSec, 'ratio', { min: 0.7 }),
      );
    }
    // Steady state after the closed loops: the replay connections closed, then the rate held, twice
    // as long (a p99 needs a few hundred charges), as in the payment bench.
    await replays.close();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const half = new Tally();
    half.add(await kassaRun(savedBuyers, { ratePerSec: peaks.saved / 2 }, 2 * SECONDS * 1000));
    const floorHalf = await floorAtRate(api, script, fixtures, peaks.saved / 2, 2 * SECONDS * 1000);
    return [
      ...rows,
      metric('saved-card Kassa peak ÷ floor peak', peaks.saved / peaks.floor, 'ratio', { min: 0.7 }),
      metric(`saved-card p99 at half its peak (${(peaks.saved / 2).toFixed(0)} charges/s)`, half.percentile(99), 'ms', {
        max: 50,
      }),
      metric("saved-card floor p99 at that rate, on the API's connections", floorHalf.percentile(99), 'ms'),
    ];
  } finally {
    await Promise.all(buyers.map((b) => b.close()));
    await replays?.close();
    await api.close();
  }
}
