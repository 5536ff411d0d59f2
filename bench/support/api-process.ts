// One more API process for the multi-process benches: the app as bench/support/server.ts builds it
// (no background workers, the per-address limits counted but not enforced, since the load generator is
// one loopback address), on the database and settings its environment gives. Prints "listening <url>".
import { builtApi } from './api-build.ts';
import { ROOT_DIR } from './server.ts';

const { buildApp, createContext, readConfig } = await builtApi(ROOT_DIR);
const ctx = await createContext(readConfig());
const app = await buildApp(ctx, { benchWithoutRateLimits: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', async () => {
  await app.close();
  await ctx.database.close();
  process.exit(0);
});
