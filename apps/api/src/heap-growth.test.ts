import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, setHeapGrowth } from './heap-growth.ts';

const HEAP_GROWTH = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/** The factor V8 applies to the old generation's limit after a full collection, in a fresh process. */
function limitFactorAfterFullCollection(percent: number): number {
  const script = `
    const { setHeapGrowth } = await import(${JSON.stringify(HEAP_GROWTH)});
    setHeapGrowth(${percent});
    const live = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    globalThis.gc();
    console.log(live.length);
  `;
  const out = execFileSync(
    process.execPath,
    ['--trace-gc-verbose', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  // V8 traces each limit it sets: "[HeapController] Limit: old size: … KB, new limit: … KB (1.5)".
  const factors = [...out.matchAll(/\[HeapController\] Limit: .*\((\d+(?:\.\d+)?)\)/g)].map((m) => Number(m[1]));
  expect(factors.length).toBeGreaterThan(0);
  return factors.at(-1)!;
}

describe('setHeapGrowth', () => {
  it("sets the factor V8 grows the heap by after a full collection, whatever V8's own estimate", () => {
    expect(limitFactorAfterFullCollection(50)).toBe(1.5);
    expect(limitFactorAfterFullCollection(HEAP_GROWING_PERCENT)).toBe(1 + HEAP_GROWING_PERCENT / 100);
  });

  it('refuses a growth that is not a whole positive percentage', () => {
    expect(() => setHeapGrowth(0)).toThrow(/whole number/);
    expect(() => setHeapGrowth(12.5)).toThrow(/whole number/);
  });
});
