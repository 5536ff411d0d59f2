// What watching Kassa costs (docs/operations.md): peak payments/s of the API as `npm start` runs it —
// the Prometheus metrics on, the tracing preload present and no OTLP endpoint set, which is tracing
// off — against metrics and preload both off, side by side in one run. Each contender is a process of
// its own (bench/support/observed-api.ts), since tracing is loaded at process start by the --import
// preload; they take turns, so a slower moment of this shared machine falls on each alike. Two
// informational contenders show what tracing costs once turned on: the SDK loaded with the exporter
// set to none, and every span exported to a receiver in this process, which discards them.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { type Buyers, startBuyers } from './payment.bench.ts';
import { apiBuildPath } from './support/api-build.ts';
import { type BenchRow, metric } from './support/metric.ts';
import { ROOT_DIR } from './support/server.ts';

const SECONDS = Number(process.env.KASSA_BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.KASSA_BENCH_WARM_UP_SECONDS ?? 10);
const TURNS = 3;
const CONCURRENCY = [8, 32] as const;
// The metrics ports of the "on" contenders: the observability tests' range, 4667–4669.
const METRICS_PORT = 4669;

interface Contender {
  name: string;
  child: ChildProcess;
  buyers: Buyers;
  metricsUrl?: string;
  /** Payments and milliseconds per concurrency level, over all turns. */
  tally: Map<number, { payments: number; ms: number }>;
}

const PRELOAD = ['--import', './apps/api/src/observability/telemetry-preload.ts'];

async function startContender(name: string, preload: boolean, env: Record<string, string>): Promise<Contender> {
  const child = spawn(
    process.execPath,
    ['--heap-growing-percent=300', '--import', 'tsx', ...(preload ? PRELOAD : []), 'bench/support/observed-api.ts'],
    { cwd: ROOT_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<{ url: string; productId: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name}: the API process exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
  return {
    name,
    child,
    buyers: startBuyers(ready),
    metricsUrl: env.KASSA_METRICS_PORT === 'off' ? undefined : `http://127.0.0.1:${env.KASSA_METRICS_PORT}/metrics`,
    tally: new Map(CONCURRENCY.map((c) => [c, { payments: 0, ms: 0 }])),
  };
}

async function measure(contender: Contender, concurrency: number, ms: number) {
  const out = await contender.buyers.run({ concurrency, durationMs: ms });
  if (out.failures > 0)
    throw new Error(`${contender.name}: ${out.failures} payments failed, first: ${out.firstFailure}`);
  const t = contender.tally.get(concurrency)!;
  t.payments += out.latencies.length;
  t.ms += out.elapsedMs;
  // A Prometheus scrape per turn, so its cost is in the measurement too.
  if (contender.metricsUrl) await (await fetch(contender.metricsUrl)).text();
}

const peakOf = (c: Contender) => Math.max(...[...c.tally.values()].map((t) => (t.payments * 1000) / t.ms));

/** An OTLP/HTTP endpoint that takes every export and keeps nothing. */
async function discardingReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function run(): Promise<BenchRow[]> {
  const receiver = await discardingReceiver();
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const contenders: Contender[] = [];
  try {
    // Compiled once here, for every contender (api-build.ts).
    await apiBuildPath(ROOT_DIR);
    // One at a time: three API processes compiling at once on two cores would time out each other.
    contenders.push(await startContender('both off', false, { KASSA_METRICS_PORT: 'off' }));
    // The target: what an operator runs without a trace collector (the preload reads its variables
    // and loads nothing, telemetry-preload.ts); an endpoint inherited from this shell must not leak in.
    contenders.push(
      await startContender('as npm start runs it: metrics on, tracing off', true, {
        KASSA_METRICS_PORT: String(METRICS_PORT - 2),
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      }),
    );
    contenders.push(
      await startContender('metrics on, tracing loaded, no exporter', true, {
        KASSA_METRICS_PORT: String(METRICS_PORT),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
        // The SDK and its instrumentations are loaded and hook pg, http and Fastify; no span leaves.
        OTEL_TRACES_EXPORTER: 'none',
      }),
    );
    contenders.push(
      await startContender('metrics on, every span exported', true, {
        KASSA_METRICS_PORT: String(METRICS_PORT - 1),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      }),
    );
    for (const c of contenders) await c.buyers.run({ concurrency: 8, durationMs: WARM_UP_SECONDS * 1000 });
    const turn = (SECONDS * 1000) / TURNS;
    for (let i = 0; i < TURNS; i += 1) {
      for (const concurrency of CONCURRENCY) for (const c of contenders) await measure(c, concurrency, turn);
    }
    const [off, asStarted, loaded, exported] = contenders.map(peakOf) as [number, number, number, number];
    return [
      metric('peak, metrics and tracing off', off, 'payments/s'),
      metric('peak, as npm start runs it (metrics on, no OTLP endpoint)', asStarted, 'payments/s'),
      metric('peak, metrics on, tracing loaded (exporter none)', loaded, 'payments/s'),
      metric('peak, metrics on, every span exported (OTLP)', exported, 'payments/s'),
      metric('cost of metrics + tracing off (as npm start runs it)', 1 - asStarted / off, 'fraction', { max: 0.05 }),
      metric('cost of metrics + tracing loaded (exporter none)', 1 - loaded / off, 'fraction'),
      metric('cost of metrics + tracing exported', 1 - exported / off, 'fraction'),
    ];
  } finally {
    for (const c of contenders) {
      await c.buyers.close();
      c.child.kill('SIGTERM');
    }
    await new Promise((resolve) => receiver.close(resolve));
  }
}
