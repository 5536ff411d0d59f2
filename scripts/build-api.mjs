#!/usr/bin/env node
// The API compiled to JavaScript in apps/api/dist: `npm start` runs `node apps/api/dist/server.js`, so
// running needs no TypeScript tool (docs/ARCHITECTURE.md#build-and-start). The workspace packages
// (@kassa/contract is TypeScript source) are bundled in; every other package stays an import Node
// resolves from node_modules, installed by `npm ci --omit=dev`.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const api = join(dirname(fileURLToPath(import.meta.url)), '../apps/api');
const outdir = join(api, 'dist');

/** Bare imports stay imports, except the workspace's own packages, which ship as TypeScript. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@kassa/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(api, 'src/server.ts'),
    demo: join(api, 'src/demo/run-demo.ts'),
    'rotate-keys': join(api, 'src/scripts/rotate-keys.ts'),
    // `node --import ./apps/api/dist/telemetry.js`: tracing's loader hook, registered before the server
    // imports anything. The packages it instruments stay external (above), as the hook needs.
    telemetry: join(api, 'src/observability/telemetry-preload.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Chunks beside the entry points: paths.ts finds apps/api one level up from any of them.
  chunkNames: '[name]-[hash]',
  plugins: [dependenciesExternal],
  logLevel: 'warning',
});
