// The API as the benches run it: apps/api/src compiled with the options `npm run build` uses
// (scripts/compile-api.mjs) into apps/api/bench-build, so that a bench measures the JavaScript
// `npm start` runs, not the sources compiled module by module through tsx, which cost the API's main
// thread about a tenth more per payment (docs/benchmarks.md#what-one-run-measures). Built once per
// bench run: the processes a bench starts are handed the build through KASSA_BENCH_API_BUILD.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileApi } from '../../scripts/compile-api.mjs';

export type ApiEntry = typeof import('./api-entry.ts');

export const API_BUILD_ENV = 'KASSA_BENCH_API_BUILD';

let loading: Promise<ApiEntry> | undefined;

/** The compiled entry of `root`'s checkout (built now), or the one this process was handed. */
export async function apiBuildPath(root: string): Promise<string> {
  const handed = process.env[API_BUILD_ENV];
  if (handed) return handed;
  const outdir = join(root, 'apps/api/bench-build');
  await compileApi({ 'api-entry': join(root, 'bench/support/api-entry.ts') }, outdir);
  const entry = join(outdir, 'api-entry.js');
  process.env[API_BUILD_ENV] = entry;
  return entry;
}

/** The API's modules the benches use, from the build (built on first use). */
export function builtApi(root: string): Promise<ApiEntry> {
  loading ??= apiBuildPath(root).then((entry) => import(pathToFileURL(entry).href) as Promise<ApiEntry>);
  return loading;
}
