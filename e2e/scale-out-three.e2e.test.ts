// docs/ARCHITECTURE.md#scaling-out: three built API processes on one fresh PostgreSQL database behind a
// round-robin proxy. Buyers pay (through the Stripe emulator, whose ledger is the processor's record),
// the owner refunds, uploads a logo and rolls an API key, each on whichever process the proxy picks;
// mid-stream one process is killed with SIGKILL and another gets SIGTERM. Afterwards: no payment lost
// or doubled, every webhook delivered to each endpoint (at least once, one webhook-id per event), every
// charged buyer's receipt arrived, and a repeat (the one the killed process may have handed over
// without marking it sent) under its first copy's Message-ID. Needs DATABASE_URL (CI sets it); skipped
// otherwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reconcileStalePayments } from '../apps/api/src/modules/charges/reconcile.ts';
import { CLAIM_LEASE_MS, deliverQueueBacklog } from '../apps/api/src/modules/notifications/notifications.worker.ts';
import {
  EMULATOR_TEST_KEY,
  type StripeEmulator,
  startStripeEmulator,
} from '../apps/api/test/emulators/stripe/emulator.ts';
import type { TestApp } from '../apps/api/test/helper.ts';
import { createConnectedShop } from '../apps/api/test/payments/shop.ts';
import type { TestSession } from '../apps/api/test/session.ts';
import { usBilling } from '../apps/api/test/support/buyer.ts';
import { testCard } from '../apps/api/test/support/checkout.ts';
import { readOutbox } from './support/outbox.ts';
import { describeOnPostgres, openProcessGroup, type ProcessGroup } from './support/process-group.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import type { KassaServer } from './support/server.ts';

const PRICE = 2_500;
const STREAMS = 6;
const PAYMENTS = 36;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** The merchant's own server: records each webhook's id by the endpoint path it came to, answers 200. */
async function startReceiver() {
  const received: { path: string; id: string }[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', id: String(req.headers['webhook-id']) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** The envelope fields this test reads, of whichever answer. */
interface Answer {
  result: { id: string; secret: string; status: string; token_card: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeOnPostgres('three API processes on one PostgreSQL database', () => {
  let group: ProcessGroup;
  let emulator: StripeEmulator;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let proxy: RoundRobinProxy;
  let t: TestApp;
  let owner: TestSession;
  let productId: string;
  let merchantId: string;
  let servers: KassaServer[];

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    receiver = await startReceiver();
    group = await openProcessGroup({
      name: 'scale3',
      secret: 'scale-out-three-shared-root-secret-0123456789',
      env: {
        KASSA_STRIPE_API_BASE: emulator.url,
        KASSA_TRUSTED_PROXIES: '127.0.0.1',
        KASSA_WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
    });
    // The three built servers start together on the fresh database (it is migrated once, under the
    // start-up lock); then this process, on the same settings, sets the shop up (no workers run here).
    servers = await group.start([{}, {}, {}]);
    t = await group.local();
    ({ owner, productId, merchantId } = await createConnectedShop(
      t,
      { name: 'Three Rivers Supply', pricePerUnit: PRICE },
      { provider: 'stripe', credentials: { secret_key: EMULATOR_TEST_KEY }, enabled: true },
    ));
    proxy = await startRoundRobinProxy(servers.map((s) => s.url));
  });

  afterAll(async () => {
    await proxy?.close();
    await group?.close();
    await receiver?.close();
    await emulator?.close();
  });

  /** What the owner does: a 503 (a process draining, the database busy) is tried again, as a person would. */
  async function ownerCall(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> }) {
    for (let tries = 1; ; tries += 1) {
      const res = await call(method, path, init);
      if (res?.status !== 503 || tries === 3) return res;
      await sleep(500);
    }
  }

  /** No answer came back: the connection broke, or the proxy's upstream died after the request went out (502). */
  const answerLost = (res: Awaited<ReturnType<typeof call>>) => res === null || res.status === 502;

  /** One request through the proxy: its status and envelope, or null when the answer was lost. */
  async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    try {
      const res = await fetch(`${proxy.url}/apiv1${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : {}) as Answer };
    } catch {
      return null;
    }
  }

  it('loses or doubles no payment, delivers every webhook and mails every receipt once through a kill and a drain', async () => {
    // Webhook endpoints, one per mode: the emulator's test key makes test-mode payments.
    for (const mode of ['test', 'live'] as const) {
      const res = await call('POST', '/developers/webhook-endpoints/', {
        headers: owner.auth,
        body: { url: receiver.url(`/hooks/${mode}`), events: 'all', mode },
      });
      expect(res?.status, JSON.stringify(res?.json)).toBe(201);
    }
    const key = await call('POST', '/developers/api-keys/', {
      headers: owner.auth,
      body: { name: 'Shop backend', mode: 'test', scopes: ['products:read'] },
    });
    expect(key?.status).toBe(201);
    let keyId: string = key!.json.result.id;
    let secrets: string[] = [key!.json.result.secret];

    const accepted = new Map<string, string>(); // transaction id → buyer e-mail
    const lost: string[] = [];
    const refunded = new Map<string, number>();
    let started = 0;
    let killedAt = 0;

    async function payOnce(n: number) {
      const buyer = `buyer-${n}@scale3.example`;
      const address = { 'x-forwarded-for': `10.3.${Math.floor(n / 200)}.${n % 200}` };
      const opened = await call('POST', `/product/get-checkout-token/${productId}/`, {
        headers: address,
        body: { quantity: 1 },
      });
      if (opened?.status !== 200) return; // nothing was charged yet: the buyer simply tries again
      const paid = await call('POST', '/pay/charge/', {
        headers: address,
        body: { token: opened.json.result.token_card, method: 'card', card: testCard(), billing: usBilling(buyer) },
      });
      if (paid?.status === 200 && paid.json.result.status === 'capture_succeeded') {
        accepted.set(paid.json.result.id, buyer);
      } else if (paid === null || paid.status >= 500) {
        lost.push(buyer);
      } else {
        throw new Error(`A payment was refused: ${paid.status} ${JSON.stringify(paid.json)}`);
      }
    }

    async function refundSome() {
      const candidates = [...accepted.keys()].filter((id) => !refunded.has(id)).slice(0, 2);
      for (const id of candidates) {
        const res = await call('POST', `/transaction/${id}/refund/`, {
          headers: { ...owner.auth, 'idempotency-key': `refund-${id}` },
          body: { amount: 1_000 },
        });
        if (res?.status === 200) refunded.set(id, 1_000);
      }
    }

    async function uploadLogo() {
      let up: Response | undefined;
      for (let tries = 0; tries < 3 && up?.status !== 201; tries += 1) {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
        up = await fetch(`${proxy.url}/apiv1/uploads/image/?purpose=logo`, {
          method: 'POST',
          headers: owner.auth,
          body: form,
        });
      }
      expect(up!.status).toBe(201);
      const { url } = (await up!.json()).result as { url: string };
      // Setting the logo again does no harm, so an answer lost with a killed process is simply retried.
      let set: Awaited<ReturnType<typeof call>> = null;
      for (let tries = 0; tries < 3 && answerLost(set); tries += 1) {
        set = await ownerCall('PATCH', '/auth/merchant-profile/', { headers: owner.auth, body: { logo: url } });
      }
      expect(set?.status, JSON.stringify(set?.json)).toBe(200);
      return url;
    }

    async function rollKey() {
      for (let tries = 0; tries < 3; tries += 1) {
        const res = await ownerCall('POST', `/developers/api-keys/${keyId}/roll/`, {
          headers: owner.auth,
          body: { overlap_hours: 0 },
        });
        if (!answerLost(res)) {
          expect(res?.status, JSON.stringify(res?.json)).toBe(200);
          // A roll makes a new key (its own id) and retires the old one.
          keyId = res!.json.result.id;
          secrets = [...secrets, res!.json.result.secret];
          return;
        }
        // The answer went down with a killed process: whether the roll happened shows in the live keys,
        // as the owner would look. A replacement made then, its secret never shown, is rolled in turn.
        const live = await ownerCall('GET', '/developers/api-keys/', { headers: owner.auth });
        expect(live?.status).toBe(200);
        const { results } = live!.json.result as unknown as {
          results: { id: string; rolled_from_id: string | null }[];
        };
        keyId = results.find((k) => k.rolled_from_id === keyId)?.id ?? keyId;
      }
      throw new Error('The API key could not be rolled in three tries.');
    }

    const streams = Array.from({ length: STREAMS }, async () => {
      while (started < PAYMENTS) {
        started += 1;
        await payOnce(started);
      }
    });
    const owners = (async () => {
      const logos: string[] = [];
      while (started < PAYMENTS) {
        await refundSome();
        if (logos.length < 2 && accepted.size >= logos.length * 12 + 4) {
          logos.push(await uploadLogo());
          await rollKey();
        }
        await sleep(300);
      }
      return logos;
    })();
    const faults = (async () => {
      while (accepted.size < PAYMENTS / 4) await sleep(50);
      killedAt = Date.now();
      await servers[0]!.kill();
      while (accepted.size < PAYMENTS / 2) await sleep(50);
      return servers[1]!.signal('SIGTERM');
    })();
    const [, logos, drained] = await Promise.all([Promise.all(streams), owners, faults]);
    expect(drained).toBe(0);
    await refundSome();
    expect(servers[2]!.isAlive()).toBe(true);
    for (const upstream of proxy.answered.values()) expect(upstream).toBeGreaterThan(0);

    // Payments whose process died mid-call are settled by reconciliation, asking Stripe by Kassa's id.
    await reconcileStalePayments(t.ctx, 0);
    const rows = await t.ctx.database.query<{
      id: string;
      status: string;
      provider_reference: string | null;
      buyer_email: string;
      checkout_session_id: string | null;
      refunded_amount: number;
    }>(
      `select id, status, provider_reference, buyer_email, checkout_session_id, refunded_amount
           from transactions where merchant_id = $1`,
      [merchantId],
    );
    const charged = rows.filter((r) => ['capture_succeeded', 'partially_refunded', 'refunded'].includes(r.status));
    expect(rows.filter((r) => r.status === 'processing')).toEqual([]);
    // Every accepted answer is a charged transaction of that buyer; nothing was charged twice.
    for (const [id, buyer] of accepted) expect(charged.find((r) => r.id === id)?.buyer_email).toBe(buyer);
    expect(new Set(charged.map((r) => r.buyer_email)).size).toBe(charged.length);
    expect(new Set(charged.map((r) => r.checkout_session_id)).size).toBe(charged.length);
    expect(charged.length).toBeGreaterThanOrEqual(accepted.size);
    expect(charged.length).toBeLessThanOrEqual(accepted.size + lost.length);
    // Stripe's ledger and Kassa's agree: one succeeded PaymentIntent per charged transaction.
    const intents = emulator.paymentIntents(EMULATOR_TEST_KEY).filter((pi) => pi.status === 'succeeded');
    expect(intents.map((pi) => pi.id).sort()).toEqual(charged.map((r) => r.provider_reference).sort());
    for (const [id, amount] of refunded) {
      const row = charged.find((r) => r.id === id)!;
      expect(row.refunded_amount).toBe(amount);
      const atStripe = emulator.refunds(row.provider_reference!).filter((r) => r.status === 'succeeded');
      expect(atStripe.map((r) => r.amount)).toEqual([amount]);
    }

    // The logo and the rolled key are the same on the process that is left.
    const alive = servers[2]!;
    for (const logo of logos) expect((await fetch(`${alive.url}${logo}`)).status).toBe(200);
    const withKey = (secret: string) =>
      fetch(`${alive.url}/apiv1/product/`, { headers: { authorization: `Bearer ${secret}` } }).then((r) => r.status);
    expect(await withKey(secrets.at(-1)!)).toBe(200);
    for (const old of secrets.slice(0, -1)) expect(await withKey(old)).toBe(401);

    // Webhooks: every (event, endpoint) delivery arrives, each under the event's own webhook-id, and
    // nothing else. A delivery claimed by the killed process waits out its one-minute lease.
    const deliveries = async () =>
      t.ctx.database.query<{ event_id: string; mode: string; status: string }>(
        `select d.event_id, e.mode, d.status from webhook_deliveries d
             join webhook_endpoints e on e.id = d.endpoint_id where d.merchant_id = $1`,
        [merchantId],
      );
    const deadline = Date.now() + 90_000;
    while ((await deliveries()).some((d) => d.status !== 'delivered') && Date.now() < deadline) await sleep(500);
    const expected = await deliveries();
    expect(expected.filter((d) => d.status !== 'delivered')).toEqual([]);
    expect(expected.length).toBeGreaterThanOrEqual(charged.length);
    const got = new Set(receiver.received.map((r) => `${r.path} ${r.id}`));
    expect(got).toEqual(new Set(expected.map((d) => `/hooks/${d.mode} ${d.event_id}`)));

    // E-mail: each charged buyer's receipt once. The killed process's claimed batch stays its own
    // until the claim's lease ends; this process, its clock moved past the lease, takes it over then.
    // Waits until what is left is only what the killed process had claimed: nothing queued, nothing
    // claimed by a live process since the kill.
    const pending = async () =>
      (
        await t.ctx.database.query<{ n: number }>(
          `select count(*)::int as n from notifications where merchant_id = $1
                and (status = 'queued' or (status = 'sending' and sent_at > $2))`,
          [merchantId, new Date(killedAt)],
        )
      )[0]!.n;
    const mailDeadline = Date.now() + 60_000;
    while ((await pending()) > 0 && Date.now() < mailDeadline) await sleep(500);
    expect(await pending()).toBe(0);
    t.clock.advance(CLAIM_LEASE_MS + 1_000);
    await deliverQueueBacklog(t.ctx);
    const receipts = [...servers.flatMap((s) => readOutbox(s.dataDir)), ...t.mail.sent].filter((m) =>
      m.subject.startsWith('Your receipt from'),
    );
    console.log(
      `scale-out-three: ${accepted.size} payments answered, ${lost.length} answers lost, ${charged.length} charged, ` +
        `${refunded.size} refunds, ${expected.length} webhook deliveries, ${receipts.length} receipts ` +
        `(${t.mail.sent.length} mails taken over), answers per process ${[...proxy.answered.values()].join('/')}`,
    );
    // Every charged buyer's receipt arrived; a second copy (the mail the killed process had handed
    // over and not marked sent) carries the first one's Message-ID, so the buyer's mail server drops it.
    for (const row of charged) {
      const copies = receipts.filter((m) => m.to.includes(row.buyer_email)).map((m) => m.messageId);
      expect(copies.length, row.buyer_email).toBeGreaterThanOrEqual(1);
      expect(new Set(copies), row.buyer_email).toEqual(new Set([copies[0]]));
    }
    // Each receipt its own Message-ID, and at most the killed process's one mail in flight repeated.
    const ids = receipts.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(charged.length);
    expect(ids.length - charged.length).toBeLessThanOrEqual(1);
  }, 240_000);
});
