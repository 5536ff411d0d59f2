#!/usr/bin/env node
// The API compiled to JavaScript in apps/api/dist: `npm start` runs `node apps/api/dist/server.js`, so
// running needs no TypeScript tool (docs/ARCHITECTURE.md#build-and-start). How it is compiled:
// compile-api.mjs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileApi } from './compile-api.mjs';

const api = join(dirname(fileURLToPath(import.meta.url)), '../apps/api');
const outdir = join(api, 'dist');

await compileApi(
  {
    server: join(api, 'src/server.ts'),
    demo: join(api, 'src/demo/run-demo.ts'),
    'rotate-keys': join(api, 'src/scripts/rotate-keys.ts'),
    // `node --import ./apps/api/dist/telemetry.js`: tracing's loader hook, registered before the server
    // imports anything. The packages it instruments stay external, as the hook needs.
    telemetry: join(api, 'src/observability/telemetry-preload.ts'),
  },
  outdir,
);
