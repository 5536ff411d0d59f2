// The buyers of the payment bench, in a worker thread so that making requests does not hold up the
// server's event loop in the main thread. Each payment is what a checkout page does: ask for a
// checkout token, then charge the sandbox's always-approved card with a fresh Idempotency-Key. A
// payment counts only when it comes back captured.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { sandboxChargeBody } from './sandbox-charge.ts';

export interface PaymentLoadInput {
  url: string;
  productId: string;
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

const input = workerData as PaymentLoadInput;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(input.url);

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const TOKEN_BODY = JSON.stringify({ quantity: 1 });
const chargeBody = (token: string) => JSON.stringify(sandboxChargeBody(token));

let failures = 0;
let firstFailure: string | undefined;
const latencies: number[] = [];

async function pay(dueAt: number) {
  try {
    const token = await post(`/apiv1/product/get-checkout-token/${input.productId}/`, TOKEN_BODY);
    const tokenCard = token.status === 200 ? (JSON.parse(token.body).result?.token_card as string) : undefined;
    if (!tokenCard) throw new Error(`checkout token: ${token.status} ${token.body.slice(0, 200)}`);
    const charge = await post('/apiv1/pay/charge/', chargeBody(tokenCard), {
      'idempotency-key': `bench-${crypto.randomUUID()}`,
    });
    const status = charge.status === 200 ? JSON.parse(charge.body).result?.status : undefined;
    if (status !== 'capture_succeeded') throw new Error(`charge: ${charge.status} ${charge.body.slice(0, 200)}`);
    latencies.push(performance.now() - dueAt);
  } catch (error) {
    failures += 1;
    firstFailure ??= (error as Error).message;
  }
}

const started = performance.now();
const deadline = started + input.durationMs;
if (input.ratePerSec) {
  const gap = 1000 / input.ratePerSec;
  const running: Promise<void>[] = [];
  for (let due = started; due < deadline; due += gap) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(pay(due));
  }
  await Promise.all(running);
} else {
  await Promise.all(
    Array.from({ length: input.concurrency ?? 1 }, async () => {
      while (performance.now() < deadline) await pay(performance.now());
    }),
  );
}
agent.destroy();
parentPort?.postMessage({
  latencies,
  failures,
  firstFailure,
  elapsedMs: performance.now() - started,
} satisfies PaymentLoadOutput);
