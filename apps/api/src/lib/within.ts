// A bound on how long the caller waits for work it cannot cancel (a statement queued for a pool
// connection, a pool that will not end): the caller goes on, the work finishes or fails on its own.

export type Bounded<T> = { settled: true; value: T } | { settled: false };

/**
 * `work`'s value if it settles within `ms` (its rejection, if it fails within `ms`), otherwise
 * `{ settled: false }`. A failure that comes after the bound is dropped: nobody waits for it any more.
 */
export function within<T>(ms: number, work: Promise<T>): Promise<Bounded<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Bounded<T>>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), ms);
  });
  const done = work.then((value): Bounded<T> => ({ settled: true, value }));
  done.catch(() => {});
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}
