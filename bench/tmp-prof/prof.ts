// Temporary profiling script (not committed).
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { ROLE } from '@kassa/contract/access';
import { createMerchant } from '../../apps/api/test/factories/merchants.ts';
import { createProduct } from '../../apps/api/test/factories/sellables.ts';
import { createUser } from '../../apps/api/test/factories/users.ts';
import { startBenchApi } from '../support/server.ts';

function load(input: object): Promise<{ latencies: number[]; elapsedMs: number; failures: number; firstFailure?: string }> {
  return new Promise((resolve, reject) => {
    const entry = new URL('../support/payment-load.worker.ts', import.meta.url).href;
    const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(code, { eval: true, workerData: input });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
const api = await startBenchApi({ withoutRateLimits: true });
const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters', phone: '+14155550123' });
await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
await createUser(api.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
const product = await createProduct(api.ctx.db, merchant.id);
const c = Number(process.env.C ?? 1);
await load({ url: api.url, productId: product.id, durationMs: 3000, concurrency: c });
const session = new Session();
session.connect();
const profile = process.env.PROFILE === '1';
if (profile) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start'); }
const cpu0 = process.cpuUsage();
const out = await load({ url: api.url, productId: product.id, durationMs: 6000, concurrency: c });
const cpu = process.cpuUsage(cpu0);
if (profile) { const { profile: p } = await session.post('Profiler.stop'); writeFileSync('/tmp/pay.cpuprofile', JSON.stringify(p)); }
const s = out.latencies.sort((a, b) => a - b);
const n = s.length;
console.log(`c=${c} ${api.database} payments=${n} rate=${((n * 1000) / out.elapsedMs).toFixed(1)}/s p50=${s[Math.floor(n * 0.5)]?.toFixed(1)} p99=${s[Math.floor(n * 0.99)]?.toFixed(1)} failures=${out.failures} cpu(main+worker)/payment=${((cpu.user + cpu.system) / 1000 / n).toFixed(2)}ms`);
await api.close();
process.exit(0);
