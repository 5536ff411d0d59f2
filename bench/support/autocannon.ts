// HTTP load from this process with autocannon: loopback only, bounded in time, 10 connections by
// default (docs/benchmarks.md). p95 comes from every
// response time (autocannon's own summary has p97.5 but no p95).
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Seconds, at most 30. */
  durationSec?: number;
  /** Stop after this many requests instead (at most 1000): enough samples even when each one is slow. */
  amount?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p95Ms: number;
  p50Ms: number;
  total: number;
  /** Responses outside 2xx plus connection errors and timeouts: a bench with any is not a result. */
  failures: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export async function measureLoad(opts: LoadOptions): Promise<LoadResult> {
  const host = new URL(opts.url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`Benches load only this machine, not ${host}`);
  const duration = Math.min(opts.durationSec ?? 3, 30);
  const times: number[] = [];
  const r = await new Promise<Result>((ok, fail) => {
    const instance = autocannon({
      url: opts.url,
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      connections: opts.connections ?? 10,
      ...(opts.amount ? { amount: Math.min(opts.amount, 1_000) } : { duration }),
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    instance.on('done', ok);
    instance.on('error', fail);
  });
  times.sort((a, b) => a - b);
  return {
    requestsPerSec: r.requests.average,
    p95Ms: percentile(times, 95),
    p50Ms: percentile(times, 50),
    total: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}
