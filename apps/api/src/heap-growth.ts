// How far the API's heap may grow past what survived the last full garbage collection before V8
// starts the next one. A payment leaves about 8 KB on the old generation that is garbage by the next
// full collection, and a full collection (a mark-compact) of the API's ~70 MB of live objects keeps
// both cores of a small machine busy for 100–300 ms: every payment in flight then waits. V8 picks the
// growth from its own measure of GC speed, and here it picked about 1.3× the live heap, so at a
// steady 110 payments/s a mark-compact came every 10 to 20 s and took 1–3 % of all payments past
// 50 ms. At 4× (300 %) they come minutes apart. What it costs is memory: the heap floats up to about
// four times its live size (~280 MB here), within Node's own old-space ceiling (--max-old-space-size),
// which still applies. Measured in README "Payments: Kassa against the database's own limit".
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 300;

/**
 * Sets V8's heap growing factor for this process. V8 reads it each time it recomputes its limits after a
 * full collection, so setting it at start (before the first full collection under load) takes effect.
 */
export function setHeapGrowth(percent: number = HEAP_GROWING_PERCENT): void {
  if (!Number.isInteger(percent) || percent < 1) throw new Error(`heap growing percent must be a whole number ≥ 1`);
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
