// Delivers queued notifications. Runs in every API process; the queue lives in the database, so the
// processes share it: each mail is mailed by one of them and marked sent after the mailer took it, and
// the one repeat a kill can cause carries the same Message-ID (docs/decisions/0001-transactional-outbox.md).
import type { AppContext } from '../../context.ts';
import { type MailMessage, messageIdOf } from '../../lib/mailer.ts';
import { type LetterheadCache, newLetterheadCache } from '../documents/documents.service.ts';
import { mailQueuedInvoice } from '../invoices/invoices.service.ts';
import {
  claimQueuedNotifications,
  findPaymentsForMail,
  findUserLocales,
  markNotificationFailed,
  markSendingNotificationSent,
  renewNotificationClaims,
  requeueNotifications,
} from './notifications.queries.ts';
import { authenticationMail, merchantPaymentMail } from './payment-mails.ts';
import { receiptMail } from './receipt-mail.ts';

/**
 * How long a claim stays this worker's: a batch's, renewed for the mails not yet mailed once half of it
 * is gone (`claimNeedsRenewal`). Mailing one takes well under a second; a claim this old is a process
 * that died or stalled, and its mails not marked sent are taken over.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * Whether the claim on the rest of a batch, held since `heldSince`, is renewed before its next mail:
 * once half the lease is gone. Every mail then starts with at least half a lease (a minute) of claim
 * ahead of it, however long the mails before it took, so a slow mailer is never overtaken by another
 * process sending the same mail; a young claim is not renewed, which keeps a mail to one statement.
 */
export function claimNeedsRenewal(heldSince: Date, now: Date): boolean {
  return now.getTime() - heldSince.getTime() >= CLAIM_LEASE_MS / 2;
}

/** Where a failed mail or a failed poll is reported; the rows say which mail, never its content. */
export type WorkerLog = (msg: string, err?: unknown) => void;
const silent: WorkerLog = () => undefined;

type ClaimedNotification = Awaited<ReturnType<typeof claimQueuedNotifications>>[number];

/** What a claimed batch's mails are drawn from, read once for the whole batch. */
interface BatchReads {
  payments: Awaited<ReturnType<typeof findPaymentsForMail>>;
  letterheads: LetterheadCache;
  /** The profile language of the merchant's people among the recipients. */
  locales: Map<string, string | null>;
}

/**
 * Hands one notification's mail to the mailer, under the Message-ID its id gives; nothing when its
 * payment or invoice is gone.
 */
async function mailNotification(ctx: AppContext, n: ClaimedNotification, reads: BatchReads): Promise<void> {
  const messageId = messageIdOf(n.id);
  if (n.kind === 'invoice_sent' && n.invoiceId) {
    await mailQueuedInvoice(ctx, n.merchantId, n.invoiceId, messageId);
    return;
  }
  const payment = n.transactionId ? reads.payments.get(n.transactionId) : undefined;
  if (!payment) return;
  let mail: MailMessage;
  if (n.kind === 'buyer_receipt' || n.kind === 'buyer_refund_receipt') {
    mail = await receiptMail(ctx, n, payment, reads.letterheads);
  } else if (n.kind === 'buyer_authentication') {
    mail = authenticationMail(ctx, n.recipient, payment);
  } else {
    // The merchant's people read their mail in their profile language (docs/i18n.md).
    mail = merchantPaymentMail(ctx, n, payment, reads.locales.get(n.recipient.toLowerCase()) ?? null);
  }
  await ctx.mailer.send({ ...mail, messageId });
}

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
  const reads: BatchReads = {
    payments,
    letterheads: newLetterheadCache(),
    locales: await findUserLocales(
      ctx.db,
      claimed.flatMap((n) => (n.kind.startsWith('merchant') ? [n.recipient] : [])),
    ).catch(() => new Map<string, string | null>()),
  };
  // The mails not yet mailed share one claim, held since `heldSince`: the batch's, renewed for all of
  // them in one statement once half a lease old.
  let heldSince = claimedAt;
  let held = new Set(claimed.map((n) => n.id));
  for (const [i, n] of claimed.entries()) {
    try {
      const now = ctx.clock.now();
      if (claimNeedsRenewal(heldSince, now)) {
        held = await renewNotificationClaims(
          ctx.db,
          claimed.slice(i).map((m) => m.id),
          heldSince,
          now,
        );
        heldSince = now;
      }
      // Not held any more: the claim went stale and another process took this mail over.
      if (!held.has(n.id)) continue;
      await mailNotification(ctx, n, reads);
    } catch (error) {
      log(`Notification ${n.id} (${n.kind}) could not be sent`, error);
      // Whatever happens to this mark, the rest of the batch is still sent.
      await markNotificationFailed(ctx.db, n.id, heldSince).catch((markError) =>
        log(`Notification ${n.id} could not be marked failed`, markError),
      );
      continue;
    }
    // Marked sent only once the mailer took it: a kill before this mark leaves the claim to go stale,
    // and the process that takes it over mails it again under the same Message-ID, which the receiving
    // server drops (docs/decisions/0001-transactional-outbox.md). No mail is lost.
    await markSendingNotificationSent(ctx.db, n.id, heldSince, ctx.clock.now()).catch((error) =>
      log(`Notification ${n.id} was mailed but not marked sent: it goes again, same Message-ID`, error),
    );
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
