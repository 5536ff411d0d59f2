// The buyers of the payment bench, in a worker thread so that making requests does not hold up the
// server's event loop in the main thread. Each payment is what a checkout page does: ask for a
// checkout token, then charge the sandbox's always-approved card with a fresh Idempotency-Key — or,
// given saved cards, what a merchant's server does: one charge of the next customer's card with an
// API key. A payment counts only when it comes back captured.
import { parentPort, workerData } from 'node:worker_threads';
import { http1Client } from './http1-client.ts';
import { sandboxChargeBody } from './sandbox-charge.ts';
import { type SavedCardTarget, savedCardCharges } from './saved-card-seed.ts';

/** Where the buyers pay; given once, when the worker starts. */
export interface PaymentLoadTarget {
  url: string;
  /** Several API processes on one database: each request goes to the next in turn, as a load balancer sends it. */
  moreUrls?: string[];
  productId: string;
  /** Charge these saved cards in turn with an API key instead (one request a payment, no checkout token). */
  savedCard?: SavedCardTarget;
}

/** One run, sent as a message; the worker answers each with a PaymentLoadOutput. */
export interface PaymentLoadRun {
  /** Closed loop: this many buyers, each paying again as soon as the last payment returned. */
  concurrency?: number;
  /** Open loop: payments started at this steady rate, however long earlier ones take. */
  ratePerSec?: number;
  durationMs: number;
}

export interface PaymentLoadOutput {
  /** Payment times in ms (token + charge), from when each payment was due to start. */
  latencies: number[];
  failures: number;
  firstFailure?: string;
  elapsedMs: number;
}

const target = workerData as PaymentLoadTarget;
// One client for the worker's life: its connections stay open from run to run, as a browser's would.
const clients = [target.url, ...(target.moreUrls ?? [])].map((url) => http1Client(url));
let turn = 0;
const client = {
  post: (path: string, body: string, headers?: string) => clients[turn++ % clients.length]!.post(path, body, headers),
  close: () => {
    for (const c of clients) c.close();
  },
};
const TOKEN_PATH = `/apiv1/product/get-checkout-token/${target.productId}/`;
const TOKEN_BODY = JSON.stringify({ quantity: 1 });
const chargeBody = (token: string) => JSON.stringify(sandboxChargeBody(token));
const nextSaved = target.savedCard && savedCardCharges(target.savedCard);

async function run(load: PaymentLoadRun): Promise<PaymentLoadOutput> {
  let failures = 0;
  let firstFailure: string | undefined;
  const latencies: number[] = [];

  async function pay(dueAt: number) {
    try {
      if (nextSaved) {
        const saved = nextSaved();
        const headers = Object.entries(saved.headers())
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        const charge = await client.post(saved.path, saved.body, headers);
        const status = charge.status === 200 ? JSON.parse(charge.body).result?.status : undefined;
        if (status !== 'capture_succeeded')
          throw new Error(`saved card: ${charge.status} ${charge.body.slice(0, 200)}`);
        latencies.push(performance.now() - dueAt);
        return;
      }
      const token = await client.post(TOKEN_PATH, TOKEN_BODY);
      const tokenCard = token.status === 200 ? (JSON.parse(token.body).result?.token_card as string) : undefined;
      if (!tokenCard) throw new Error(`checkout token: ${token.status} ${token.body.slice(0, 200)}`);
      const charge = await client.post(
        '/apiv1/pay/charge/',
        chargeBody(tokenCard),
        `idempotency-key: bench-${crypto.randomUUID()}\r\n`,
      );
      const status = charge.status === 200 ? JSON.parse(charge.body).result?.status : undefined;
      if (status !== 'capture_succeeded') throw new Error(`charge: ${charge.status} ${charge.body.slice(0, 200)}`);
      latencies.push(performance.now() - dueAt);
    } catch (error) {
      failures += 1;
      firstFailure ??= (error as Error).message;
    }
  }

  const started = performance.now();
  const deadline = started + load.durationMs;
  if (load.ratePerSec) {
    const gap = 1000 / load.ratePerSec;
    const running: Promise<void>[] = [];
    for (let due = started; due < deadline; due += gap) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      running.push(pay(due));
    }
    await Promise.all(running);
  } else {
    await Promise.all(
      Array.from({ length: load.concurrency ?? 1 }, async () => {
        while (performance.now() < deadline) await pay(performance.now());
      }),
    );
  }
  return { latencies, failures, ...(firstFailure ? { firstFailure } : {}), elapsedMs: performance.now() - started };
}

parentPort?.on('message', (message: PaymentLoadRun | 'close') => {
  if (message === 'close') {
    client.close();
    parentPort?.close();
    return;
  }
  void run(message).then((output) => parentPort?.postMessage(output));
});
