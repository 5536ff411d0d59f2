// Where one payment's time goes: `[DATABASE_URL=…] node --import tsx bench/payment-steps.ts`. One buyer
// pays 200 times in-process (Fastify's inject, no sockets) after 100 to warm up; every statement is
// timed at the driver (sql-capture.ts). Prints, per round trip (statements written together, as BEGIN
// with the attempt's first, share one), the Node time before it (everything since the previous
// answer: HTTP handling, validation, JWT, building the SQL) and its database time (from sending it to
// having its last answer), averaged: docs/benchmarks.md#where-one-payments-time-goes.
import { ROLE } from '@kassa/contract/access';
import { sandboxChargeBody } from './support/sandbox-charge.ts';
import { startBenchApi } from './support/server.ts';
import { captureSql, writtenWithPrevious } from './support/sql-capture.ts';

const WARM_UP = 100;
const PAYMENTS = 200;

const api = await startBenchApi({ withoutRateLimits: true });
try {
  const { createMerchant, createProduct, createUser } = api.built;
  const merchant = await createMerchant(api.ctx.db, { name: 'Acme Outfitters' });
  await createUser(api.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  await createUser(api.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
  const product = await createProduct(api.ctx.db, merchant.id);
  const pay = async () => {
    const url = `/apiv1/product/get-checkout-token/${product.id}/`;
    const token = await api.app.inject({ method: 'POST', url, payload: { quantity: 1 } });
    const charge = await api.app.inject({
      method: 'POST',
      url: '/apiv1/pay/charge/',
      headers: { 'idempotency-key': `steps-${crypto.randomUUID()}` },
      payload: sandboxChargeBody(token.json().result.token_card),
    });
    if (charge.json().result?.status !== 'capture_succeeded') throw new Error(charge.body);
  };

  for (let i = 0; i < WARM_UP; i += 1) await pay();
  const node: number[] = [];
  const database: number[] = [];
  let texts: string[] = [];
  let total = 0;
  for (let i = 0; i < PAYMENTS; i += 1) {
    const started = performance.now();
    const { statements } = await captureSql(pay);
    const ended = performance.now();
    total += ended - started;
    // One round trip per write: a statement written in the same corked write as the previous one,
    // before its answer (BEGIN with the attempt's first statement), shares its round trip.
    const trips: { sentAt: number; answeredAt: number; texts: string[] }[] = [];
    statements.forEach((s, k) => {
      const text = s.text.replace(/\s+/g, ' ').slice(0, 60);
      const answered = s.answeredAt ?? s.sentAt;
      const last = trips.at(-1);
      if (last && writtenWithPrevious(s, statements[k - 1])) {
        last.answeredAt = Math.max(last.answeredAt, answered);
        last.texts.push(text);
      } else trips.push({ sentAt: s.sentAt, answeredAt: answered, texts: [text] });
    });
    let previous = started;
    trips.forEach((trip, k) => {
      node[k] = (node[k] ?? 0) + (trip.sentAt - previous);
      database[k] = (database[k] ?? 0) + (trip.answeredAt - trip.sentAt);
      previous = trip.answeredAt;
    });
    node[trips.length] = (node[trips.length] ?? 0) + (ended - previous);
    texts = trips.map((trip) => trip.texts.join(' + '));
  }
  const ms = (sum: number | undefined) => ((sum ?? 0) / PAYMENTS).toFixed(2).padStart(6);
  console.log(`  Node ms  db ms  round trip (${api.database})`);
  for (const [k, text] of texts.entries()) console.log(`  ${ms(node[k])} ${ms(database[k])}  ${text}`);
  console.log(`  ${ms(node[texts.length])}         after the last answer`);
  console.log(`  ${ms(total)} ms per payment in all`);
} finally {
  await api.close();
}
