// How the benches drive a contender in their own process: a closed loop (clients each starting the
// next call as soon as the last returned), an open loop at a steady rate (as buyers arrive; used for
// the floor, Kassa's own runs in the buyers' worker, payment-load.worker.ts), and the tally that adds
// several runs of one contender up.
import { percentile } from './autocannon.ts';

/** `concurrency` loops calling `work` for `durationMs`: completed calls per second. */
export async function closedLoop(work: () => Promise<unknown>, concurrency: number, durationMs: number) {
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await work();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return { perSec: (latencies.length * 1000) / elapsedMs, latencies, elapsedMs };
}

/**
 * `work` started at a steady `ratePerSec` for `durationMs`, whatever the answers take (an open loop):
 * each latency counts from when its call was due, so a stall shows in the p99.
 */
export async function atRate(work: () => Promise<unknown>, ratePerSec: number, durationMs: number) {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const gap = 1000 / ratePerSec;
  for (let due = started; due < started + durationMs; due += gap) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(work().then(() => void latencies.push(performance.now() - due)));
  }
  await Promise.all(pending);
  return { latencies, elapsedMs: performance.now() - started };
}

/** Calls per second and latencies over several runs of one contender, added up. */
export class Tally {
  private calls = 0;
  private ms = 0;
  readonly latencies: number[] = [];
  add(run: { latencies: number[]; elapsedMs: number }) {
    this.calls += run.latencies.length;
    this.ms += run.elapsedMs;
    for (const l of run.latencies) this.latencies.push(l);
  }
  get perSec() {
    return (this.calls * 1000) / this.ms;
  }
  percentile(p: number) {
    return percentile(
      [...this.latencies].sort((a, b) => a - b),
      p,
    );
  }
}
