// Delivers queued notifications. Runs in every API process; the queue lives in the database, so the
// processes share it without double delivery.
import type { AppContext } from '../../context.ts';
import { newLetterheadCache } from '../documents/documents.service.ts';
import { mailQueuedInvoice } from '../invoices/invoices.service.ts';
import {
  claimQueuedNotifications,
  findPaymentsForMail,
  findUserLocales,
  markNotificationFailed,
  markSendingNotificationSent,
  requeueNotifications,
} from './notifications.queries.ts';
import { authenticationMail, merchantPaymentMail } from './payment-mails.ts';
import { receiptMail } from './receipt-mail.ts';

/**
 * How long a claimed batch stays this worker's. Mailing 50 takes seconds; a claim this old is a
 * process that died or stalled, and its unsent mails are taken over.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** Where a failed mail or a failed poll is reported; the rows say which mail, never its content. */
export type WorkerLog = (msg: string, err?: unknown) => void;
const silent: WorkerLog = () => undefined;

export async function deliverQueuedNotifications(
  ctx: AppContext,
  limit = 20,
  log: WorkerLog = silent,
): Promise<number> {
  const claimedAt = ctx.clock.now();
  const claimed = await claimQueuedNotifications(
    ctx.db,
    limit,
    claimedAt,
    new Date(claimedAt.getTime() - CLAIM_LEASE_MS),
  );
  if (claimed.length === 0) return 0;
  // One read for the whole batch: a payment queues two or three mails. If it fails, nothing was
  // mailed: the claimed batch goes back to the queue, and this tick stops here.
  const payments = await findPaymentsForMail(
    ctx.db,
    claimed.flatMap((n) => (n.transactionId ? [n.transactionId] : [])),
  ).catch(async (error) => {
    await requeueNotifications(
      ctx.db,
      claimed.map((n) => n.id),
    );
    throw error;
  });
  const letterheads = newLetterheadCache();
  const locales = await findUserLocales(
    ctx.db,
    claimed.flatMap((n) => (n.kind.startsWith('merchant') ? [n.recipient] : [])),
  ).catch(() => new Map<string, string | null>());
  for (const n of claimed) {
    try {
      // Marked before it is mailed: a crash from here loses this one mail, never sends it twice. Refused
      // when the claim went stale and another process took this mail over.
      if (!(await markSendingNotificationSent(ctx.db, n.id, claimedAt, ctx.clock.now()))) continue;
      if (n.kind === 'invoice_sent' && n.invoiceId) {
        await mailQueuedInvoice(ctx, n.merchantId, n.invoiceId);
        continue;
      }
      const payment = n.transactionId ? payments.get(n.transactionId) : undefined;
      if (!payment) continue;
      if (n.kind === 'buyer_receipt' || n.kind === 'buyer_refund_receipt') {
        await ctx.mailer.send(await receiptMail(ctx, n, payment, letterheads));
      } else if (n.kind === 'buyer_authentication') {
        await ctx.mailer.send(authenticationMail(ctx, n.recipient, payment));
      } else {
        // The merchant's people read their mail in their profile language (docs/i18n.md).
        const locale = locales.get(n.recipient.toLowerCase()) ?? null;
        await ctx.mailer.send(merchantPaymentMail(ctx, n, payment, locale));
      }
    } catch (error) {
      log(`Notification ${n.id} (${n.kind}) could not be sent`, error);
      // Whatever happens to this mark, the rest of the batch is still sent.
      await markNotificationFailed(ctx.db, n.id).catch((markError) =>
        log(`Notification ${n.id} could not be marked failed`, markError),
      );
    }
  }
  return claimed.length;
}

const BATCH = 50;
/** At most this many batches per tick, so that stopping never waits long for a big backlog. */
const BATCHES_PER_TICK = 40;

/**
 * Delivers batches until the queue is empty (a batch comes back short) or `BATCHES_PER_TICK` were
 * sent: payments queue two or three mails each, so one batch per tick would fall behind for good
 * as soon as a merchant takes more than a few payments a second.
 */
export async function deliverQueueBacklog(
  ctx: AppContext,
  log: WorkerLog = silent,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let delivered = 0;
  for (let batch = 0; batch < BATCHES_PER_TICK && keepGoing(); batch += 1) {
    const claimed = await deliverQueuedNotifications(ctx, BATCH, log);
    delivered += claimed;
    if (claimed < BATCH) break;
  }
  return delivered;
}

/** Polls the queue until stopped; returns the stop function. */
export function startNotificationWorker(ctx: AppContext, log: WorkerLog, intervalMs = 2000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    // A tick that drains a long backlog outlasts the interval; the next one waits its turn, not queues.
    if (busy) return;
    busy = true;
    running = deliverQueueBacklog(ctx, log, () => !stopped)
      .catch((error) => log('Notification delivery failed', error))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
