// How the API is compiled, in one place: by `npm run build` into apps/api/dist for `npm start`
// (build-api.mjs), and by the benches, which measure the code `npm start` runs (bench/support/api-build.ts).
// The workspace packages (@kassa/contract is TypeScript source) are bundled in; every other package
// stays an import Node resolves from node_modules, installed by `npm ci --omit=dev`.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Bare imports stay imports, except the workspace's own packages, which ship as TypeScript. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@kassa/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `entryPoints` compiled into `outdir`, emptied first. `outdir` must sit one level below apps/api:
 * apps/api/src/paths.ts finds apps/api one level up from any compiled file.
 */
export async function compileApi(entryPoints, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    chunkNames: '[name]-[hash]',
    plugins: [dependenciesExternal],
    logLevel: 'warning',
  });
}
