// The API's own CPU per payment, for comparing two versions of the code on a busy machine where
// payments/s say nothing: each source tree's API runs as a child process (bench/support/observed-api.ts
// of that tree, its own fresh database), the payment bench's buyers pay it from a worker thread here,
// and the child's CPU time (its main thread from /proc/<pid>/task/<pid>/stat, and the whole process)
// is divided by the payments made; also its main thread's kernel share, its other threads by name
// (V8's compiler and GC helpers, libuv's pool) and its write system calls per payment (/proc/<pid>/io:
// each is one wake-up of PostgreSQL or of a buyer). Trees take turns (A, B, A, B, …), so a slower minute of the machine
// falls on both; the medians are printed.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/api-cpu-per-payment.ts [--rounds 3] [--seconds 8] [--buyers 8] [--saved-card] <tree> [<tree> …]
//
// --saved-card measures a merchant's saved-card charge with an API key (POST /customer/{id}/charge/)
// instead of the checkout payment; the harness (bench/support) of this tree is then needed in each tree.
//
// A tree is a checkout of this repository with its dependencies installed (or linked); `.` is this one.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startBuyers } from './payment.bench.ts';
import { API_BUILD_ENV } from './support/api-build.ts';
import { cpuMs } from './support/cpu-time.ts';
import type { PaymentLoadTarget } from './support/payment-load.worker.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return Number(value);
};
const rounds = option('rounds', 3);
const seconds = option('seconds', 8);
const buyersAtOnce = option('buyers', 8);
const warmUpSeconds = option('warm-up', 10);
// A merchant-initiated charge of a saved card with an API key instead of the checkout payment.
const savedCard = args.includes('--saved-card');
if (savedCard) args.splice(args.indexOf('--saved-card'), 1);
const trees = args.length > 0 ? args.map((tree) => resolve(tree)) : [resolve('.')];
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL: this measures the API on PostgreSQL.');

/** CPU ms of each thread of `pid`, summed by thread name (V8's helpers, libuv's pool, GC threads…). */
function cpuMsByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      byName.set(name, (byName.get(name) ?? 0) + cpuMs(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

/** Write system calls (write, writev, sendmsg…) the process made so far, from /proc/<pid>/io. */
function writeCalls(pid: number): number {
  return Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
}

interface Contender {
  tree: string;
  pid: number;
  buyers: ReturnType<typeof startBuyers>;
  stop(): Promise<void>;
  samples: {
    main: number;
    mainKernel: number;
    process: number;
    writes: number;
    perSec: number;
    threads: Map<string, number>;
  }[];
}

async function startContender(tree: string): Promise<Contender> {
  const child = spawn(
    process.execPath,
    [
      '--heap-growing-percent=300',
      // e.g. --cpu-prof --cpu-prof-dir=/tmp/profiles, to see where the time goes
      ...(process.env.KASSA_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      resolve(tree, 'bench/support/observed-api.ts'),
    ],
    {
      cwd: tree,
      // Each tree's API is compiled from that tree's sources (bench/support/api-build.ts there).
      env: {
        ...process.env,
        [API_BUILD_ENV]: undefined,
        KASSA_METRICS_PORT: 'off',
        ...(savedCard ? { KASSA_BENCH_SAVED_CARD: 'on' } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<PaymentLoadTarget>((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`${tree}: the API exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolveReady(JSON.parse(line));
    });
  });
  return {
    tree,
    pid: child.pid!,
    buyers: startBuyers(ready),
    stop: () =>
      new Promise<void>((resolveStop) => {
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
    samples: [],
  };
}

async function measure(c: Contender, ms: number) {
  const mainStat = `/proc/${c.pid}/task/${c.pid}/stat`;
  const processStat = `/proc/${c.pid}/stat`;
  const main0 = cpuMs(mainStat);
  const mainKernel0 = cpuMs(mainStat, true);
  const process0 = cpuMs(processStat);
  const threads0 = cpuMsByThread(c.pid);
  const writes0 = writeCalls(c.pid);
  const out = await c.buyers.run({ concurrency: buyersAtOnce, durationMs: ms });
  const main = cpuMs(mainStat) - main0;
  const mainKernel = cpuMs(mainStat, true) - mainKernel0;
  const whole = cpuMs(processStat) - process0;
  const threads = cpuMsByThread(c.pid);
  const writes = writeCalls(c.pid) - writes0;
  if (out.failures > 0) throw new Error(`${c.tree}: ${out.failures} payments failed, first: ${out.firstFailure}`);
  const n = out.latencies.length;
  for (const [name, ms] of threads) threads.set(name, (ms - (threads0.get(name) ?? 0)) / n);
  return {
    main: main / n,
    mainKernel: mainKernel / n,
    process: whole / n,
    writes: writes / n,
    perSec: (n * 1000) / out.elapsedMs,
    n,
    threads,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const contenders: Contender[] = [];
try {
  for (const tree of trees) contenders.push(await startContender(tree));
  for (const c of contenders) await measure(c, warmUpSeconds * 1000);
  for (let round = 1; round <= rounds; round += 1) {
    for (const c of round % 2 ? contenders : [...contenders].reverse()) {
      const s = await measure(c, seconds * 1000);
      c.samples.push(s);
      console.log(
        `round ${round} ${c.tree}: ${s.n} payments, main thread ${s.main.toFixed(2)} ms (${s.mainKernel.toFixed(2)} in the kernel), process ${s.process.toFixed(2)} ms, ${s.writes.toFixed(1)} writes per payment, ${s.perSec.toFixed(0)}/s`,
      );
    }
  }
  console.log(
    `\nmedians over ${rounds} rounds (${buyersAtOnce} buyers, ${seconds} s each), load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  for (const c of contenders) {
    console.log(
      `${c.tree}: main thread ${median(c.samples.map((s) => s.main)).toFixed(2)} ms (${median(c.samples.map((s) => s.mainKernel)).toFixed(2)} in the kernel), process ${median(c.samples.map((s) => s.process)).toFixed(2)} ms, ${median(c.samples.map((s) => s.writes)).toFixed(1)} writes per payment`,
    );
    const names = new Set(c.samples.flatMap((s) => [...s.threads.keys()]));
    const perThread = [...names].map((name) => [name, median(c.samples.map((s) => s.threads.get(name) ?? 0))] as const);
    console.log(
      `  by thread: ${perThread
        .filter(([, ms]) => ms >= 0.005)
        .sort((a, b) => b[1] - a[1])
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(', ')}`,
    );
  }
} finally {
  for (const c of contenders) {
    await c.buyers.close();
    await c.stop();
  }
}
