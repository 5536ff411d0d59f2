import { createMerchant } from '../apps/api/test/factories/merchants.ts';
import { createProduct } from '../apps/api/test/factories/sellables.ts';
import { createUser } from '../apps/api/test/factories/users.ts';
import { startBenchApi } from './support/server.ts';
import { captureSql } from './support/sql-capture.ts';

const api = await startBenchApi({ withoutRateLimits: true });
const m = await createMerchant(api.ctx.db, {});
await createUser(api.ctx.db, { role: 2, merchantId: m.id });
await createUser(api.ctx.db, { role: 5, merchantId: m.id });
const p = await createProduct(api.ctx.db, m.id);
const body = (token: string) =>
  JSON.stringify({
    token,
    method: 'card',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    billing: {
      firstName: 'A',
      lastName: 'B',
      emailAddress: 'a@b.co',
      address: { line1: 'x', city: 'y', state: '', zipCode: '', postalCode: '', country: 'US' },
    },
  });
const marks: number[] = [];
async function pay() {
  marks.push(performance.now());
  const r = await api.app.inject({
    method: 'POST',
    url: `/apiv1/product/get-checkout-token/${p.id}/`,
    payload: { quantity: 1 },
  });
  marks.push(performance.now());
  const c = await api.app.inject({
    method: 'POST',
    url: '/apiv1/pay/charge/',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    payload: body(r.json().result.token_card),
  });
  marks.push(performance.now());
  if (c.json().result?.status !== 'capture_succeeded') throw new Error(c.body);
}
for (let i = 0; i < 100; i++) await pay();
const N = 200;
const db: number[] = [];
const gap: number[] = [];
let total = 0;
let texts: string[] = [];
for (let k = 0; k < N; k++) {
  marks.length = 0;
  const { statements } = await captureSql(pay);
  total += marks[2]! - marks[0]!;
  let prev = marks[0]!;
  statements.forEach((s, i) => {
    db[i] = (db[i] ?? 0) + (s.answeredAt! - s.sentAt);
    gap[i] = (gap[i] ?? 0) + (s.sentAt - prev);
    prev = s.answeredAt!;
  });
  gap[statements.length] = (gap[statements.length] ?? 0) + (marks[2]! - prev);
  texts = statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 70));
}
texts.forEach((t, i) =>
  console.log(`node ${(gap[i]! / N).toFixed(2).padStart(5)}  db ${(db[i]! / N).toFixed(2).padStart(5)}  ${t}`),
);
console.log(
  `node ${(gap[texts.length]! / N).toFixed(2)} after the last; total ${(total / N).toFixed(2)} ms per payment (in-process inject)`,
);
await api.close();
