// The V8 heap setting of the API lives on its start command (docs/decisions/0020-the-api-process-on-a-small-machine.md):
// `npm start` (the built server) and `npm run bench` carry it, and V8 applies it to the process they start.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const HEAP_FLAG = '--heap-growing-percent=300';
const scripts = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts as Record<
  string,
  string
>;

/** The factor V8 applies to the old generation's limit after a full collection, in a process started with `flags`. */
function limitFactorAfterFullCollection(flags: string[]): number {
  const script = `
    const live = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    globalThis.gc();
    console.log(live.length);
  `;
  const out = execFileSync(process.execPath, [...flags, '--trace-gc-verbose', '--expose-gc', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  // V8 traces each limit it sets: "[HeapController] Limit: old size: … KB, new limit: … KB (1.5)".
  const factors = [...out.matchAll(/\[HeapController\] Limit: .*\((\d+(?:\.\d+)?)\)/g)].map((m) => Number(m[1]));
  expect(factors.length).toBeGreaterThan(0);
  return factors.at(-1)!;
}

describe('the start command', () => {
  it('starts the server and the bench with the heap growth on the node command line', () => {
    expect(scripts.start).toContain(`node ${HEAP_FLAG} --import ./apps/api/dist/telemetry.js apps/api/dist/server.js`);
    expect(scripts.bench).toContain(`node ${HEAP_FLAG} --import tsx bench/run.ts`);
  });

  it('is a flag V8 applies: the heap may grow 4× past what survived a full collection', () => {
    expect(limitFactorAfterFullCollection([HEAP_FLAG])).toBe(4);
    expect(limitFactorAfterFullCollection(['--heap-growing-percent=50'])).toBe(1.5);
  });
});
