import { formatMomentUtc } from '@kassa/contract/date-display';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { notifications } from '../../db/schema.ts';
import { type Mailer, type MailMessage, messageIdOf } from '../../lib/mailer.ts';
import { claimQueuedNotifications } from './notifications.queries.ts';
import {
  CLAIM_LEASE_MS,
  deliverQueueBacklog,
  deliverQueuedNotifications,
  startNotificationWorker,
} from './notifications.worker.ts';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  merchantId = (await createMerchant(t.ctx.db, { name: 'Busy Bakery' })).id;
});
afterAll(() => t.close());

/** `count` captured payments, each with a receipt queued for its buyer. */
async function queueReceipts(count: number) {
  const payments = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      createTransaction(t.ctx.db, merchantId, { buyerEmail: `buyer${i}@example.com` }),
    ),
  );
  await t.ctx.db.insert(notifications).values(
    payments.map((p) => ({
      merchantId,
      transactionId: p.id,
      kind: 'buyer_receipt' as const,
      recipient: p.buyerEmail!,
    })),
  );
  return payments;
}

// Each receipt carries its PDF, drawn as it is sent: a backlog of hundreds takes tens of seconds on a
// loaded machine, so the backlog tests have their own timeouts.
describe('notification worker', () => {
  it('delivers a backlog larger than one batch in one tick, each mail once', async () => {
    const payments = await queueReceipts(130);
    const before = t.mail.sent.length;
    expect(await deliverQueueBacklog(t.ctx)).toBe(130);
    const sent = t.mail.sent.slice(before);
    expect(sent).toHaveLength(130);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(payments.map((p) => p.buyerEmail)));
    // Read for the whole batch at once, each mail still tells its own payment.
    for (const p of payments) {
      const mail = sent.find((m) => m.to === p.buyerEmail)!;
      expect(mail.text).toContain(`Amount paid: $${(p.amount / 100).toFixed(2)}`);
      expect(mail.text).toContain(`Reference: ${p.id}`);
      // An HTML part beside the text, and the date with its zone said, as the pages write dates.
      expect(mail.html).toContain(`<td style="padding:4px 0;font-weight:600">${p.id}</td>`);
      expect(mail.text).toContain(`Date: ${formatMomentUtc(p.createdAt)}`);
    }
    expect(await deliverQueueBacklog(t.ctx)).toBe(0);
  }, 120_000);

  it('puts a batch back in the queue, sending nothing, when its payments cannot be read', async () => {
    const payments = await queueReceipts(3);
    const before = t.mail.sent.length;
    // The claim goes through; the batch's read of the payments fails.
    const db = new Proxy(t.ctx.db, {
      get: (target, key, receiver) =>
        key === 'select'
          ? () => {
              throw new Error('connection lost');
            }
          : Reflect.get(target, key, receiver),
    });
    await expect(deliverQueuedNotifications({ ...t.ctx, db }, 20)).rejects.toThrow('connection lost');
    expect(t.mail.sent.length).toBe(before);
    const statuses = () =>
      t.ctx.database.query<{ status: string; sent_at: Date | null }>(
        `select status, sent_at from notifications where transaction_id = any($1::uuid[])`,
        [payments.map((p) => p.id)],
      );
    expect(await statuses()).toEqual(Array(3).fill({ status: 'queued', sent_at: null }));
    // The next tick sends them, once.
    expect(await deliverQueueBacklog(t.ctx)).toBe(3);
    expect(
      t.mail.sent
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual(payments.map((p) => p.buyerEmail).sort());
    expect((await statuses()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends each mail once when 20 workers drain one backlog at the same time', async () => {
    const payments = await queueReceipts(300);
    const before = t.mail.sent.length;
    const delivered = await Promise.all(Array.from({ length: 20 }, () => deliverQueueBacklog(t.ctx)));
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(300);
    const sent = t.mail.sent.slice(before);
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(payments.map((p) => p.buyerEmail)));
    // Each its own Message-ID.
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(300);
  }, 120_000);

  it('takes over the batch of a process that died after claiming it, once the claim is stale, each mail once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const payments = await queueReceipts(60);
      const before = t.mail.sent.length;
      // A process claims a batch and dies before mailing any of it.
      const now = t.clock.now();
      const dead = await claimQueuedNotifications(t.ctx.db, 60, now, new Date(now.getTime() - CLAIM_LEASE_MS));
      expect(dead).toHaveLength(60);
      // While its claim is fresh the others leave those mails alone.
      expect(await deliverQueueBacklog(t.ctx)).toBe(0);
      t.clock.advance(CLAIM_LEASE_MS + 1_000);
      try {
        await Promise.all(Array.from({ length: 20 }, () => deliverQueueBacklog(t.ctx)));
      } finally {
        t.clock.advance(-(CLAIM_LEASE_MS + 1_000));
      }
      const sent = t.mail.sent.slice(before).map((m) => m.to);
      expect(sent).toHaveLength(60);
      expect(new Set(sent)).toEqual(new Set(payments.map((p) => p.buyerEmail)));
    }
  });

  it('renews a batch’s claim only once it is half a lease old: one statement per mail, and a slow mailer never overtaken', async () => {
    await deliverQueueBacklog(t.ctx);
    // Each update statement the worker sends is a claim's renewal or a mail's mark.
    let updates = 0;
    const db = new Proxy(t.ctx.db, {
      get: (target, key, receiver) => {
        if (key === 'update') updates += 1;
        return Reflect.get(target, key, receiver);
      },
    });

    // A young claim: no renewal, one mark per mail.
    await queueReceipts(4);
    let before = t.mail.sent.length;
    expect(await deliverQueuedNotifications({ ...t.ctx, db }, 20)).toBe(4);
    expect(t.mail.sent.length - before).toBe(4);
    expect(updates).toBe(4);

    // A mailer taking 0.3 of the lease per mail: the claim is half a lease old at the third mail and
    // renewed then, once for the two left. While each mail is in the mailer's hands another process
    // polls the queue with the same clock and takes none of the batch over.
    const payments = await queueReceipts(4);
    before = t.mail.sent.length;
    updates = 0;
    const step = 0.3 * CLAIM_LEASE_MS;
    let moved = 0;
    const takenOver: number[] = [];
    const slow: Mailer = {
      send: async (m) => {
        t.clock.advance(step);
        moved += step;
        takenOver.push(await deliverQueueBacklog(t.ctx));
        await t.mail.send(m);
      },
    };
    try {
      expect(await deliverQueuedNotifications({ ...t.ctx, db, mailer: slow }, 20)).toBe(4);
    } finally {
      t.clock.advance(-moved);
    }
    expect(takenOver).toEqual([0, 0, 0, 0]);
    expect(updates).toBe(4 + 1);
    const sent = t.mail.sent.slice(before).map((m) => m.to);
    expect(sent.sort()).toEqual(payments.map((p) => p.buyerEmail).sort());
  });

  // A process killed with SIGKILL writes nothing more: here its mailer never returns. Killed after its
  // mailer accepted the first mail (the mail server has it, the mark is not written) or while handing
  // it over (the mail server has nothing).
  it.each([
    { when: 'after its mailer accepted a mail, before marking it sent', accepted: true, copies: 2 },
    { when: 'while handing a mail to its mailer', accepted: false, copies: 1 },
  ])(
    'loses no mail of a process killed $when: the one in flight arrives $copies× under one Message-ID',
    async ({ accepted, copies }) => {
      await deliverQueueBacklog(t.ctx);
      const payments = await queueReceipts(3);
      const before = t.mail.sent.length;
      const inFlight: MailMessage[] = [];
      const dying: Mailer = {
        send: async (m) => {
          if (accepted) await t.mail.send(m);
          inFlight.push(m);
          return new Promise<void>(() => undefined);
        },
      };
      void deliverQueuedNotifications({ ...t.ctx, mailer: dying }, 20);
      await expect.poll(() => inFlight.length).toBe(1);
      const first = inFlight[0]!;

      // While its claim is fresh the others leave its mails alone; once stale, one takes them over.
      expect(await deliverQueueBacklog(t.ctx)).toBe(0);
      t.clock.advance(CLAIM_LEASE_MS + 1_000);
      try {
        expect(await deliverQueueBacklog(t.ctx)).toBe(3);
      } finally {
        t.clock.advance(-(CLAIM_LEASE_MS + 1_000));
      }

      const rows = await t.ctx.database.query<{ id: string; recipient: string; status: string }>(
        `select id, recipient, status from notifications where transaction_id = any($1::uuid[])`,
        [payments.map((p) => p.id)],
      );
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      const received = t.mail.sent.slice(before);
      // Every buyer has the receipt, under the Message-ID of its notification: the repeat is the same mail.
      for (const row of rows) {
        const copiesOf = received.filter((m) => m.to === row.recipient);
        expect(copiesOf.map((m) => m.messageId)).toEqual(
          Array(row.recipient === first.to ? copies : 1).fill(messageIdOf(row.id)),
        );
      }
      expect(received).toHaveLength(2 + copies);
    },
  );

  it('stops between batches when asked, leaving the rest queued for the next tick', async () => {
    await queueReceipts(120);
    let batches = 0;
    expect(await deliverQueueBacklog(t.ctx, undefined, () => batches++ < 1)).toBe(50);
    expect(await deliverQueueBacklog(t.ctx)).toBe(70);
  }, 120_000);

  it('drains the queue on its timer and stops cleanly', async () => {
    await queueReceipts(60);
    const before = t.mail.sent.length;
    const stop = startNotificationWorker(t.ctx, () => undefined, 20);
    for (let i = 0; i < 100 && t.mail.sent.length - before < 60; i += 1) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(t.mail.sent.length - before).toBe(60);
  });
});
