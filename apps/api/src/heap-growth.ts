// How far the API's heap may grow past what survived the last full collection before V8 starts the
// next: a mark-compact stalls every payment in flight on a small machine, and V8's own choice (about
// 1.3×) brought one every 10–20 s under load. At 4× they come minutes apart, for memory; Node's
// --max-old-space-size still caps it (docs/decisions/0020-the-api-process-on-a-small-machine.md).
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
