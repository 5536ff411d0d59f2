// Work that runs beside the HTTP server in every API process. The queues live in the database
// (notifications table, processing transactions), so any number of processes share them safely.
import type { AppContext } from '../context.ts';
import { MINUTE } from '../lib/clock.ts';
import { purgeExpiredPasskeyChallenges } from '../modules/auth/passkeys.service.ts';
import { purgeExpiredAccountLimits } from '../modules/auth/sign-in.service.ts';
import { reconcileStalePayments } from '../modules/charges/charge.service.ts';
import { purgeExpiredEmbedSessions } from '../modules/embed/embed-sessions.service.ts';
import { purgeExpiredIdempotencyKeys } from '../modules/idempotency/idempotency.service.ts';
import { startNotificationWorker } from '../modules/notifications/notifications.worker.ts';
import { startRecurringInvoiceWorker } from '../modules/recurring-invoices/recurring-invoices.worker.ts';
import { runRenewals } from '../modules/subscriptions/renewals.service.ts';
import { reconcilePendingMoneyCalls } from '../modules/transactions/money-calls.service.ts';
import { startWebhookWorker } from '../modules/webhooks/webhooks.worker.ts';
import { reconciled } from '../observability/metrics.ts';

export async function startBackgroundJobs(ctx: AppContext, log: (msg: string, err?: unknown) => void) {
  const reconcile = () =>
    Promise.all([
      reconcileStalePayments(ctx)
        .then((n) => {
          reconciled.inc({ kind: 'payment' }, n);
          if (n > 0) log(`Reconciled ${n} interrupted payment(s).`);
        })
        .catch((err) => log('Payment reconciliation failed', err)),
      reconcilePendingMoneyCalls(ctx)
        .then((n) => {
          reconciled.inc({ kind: 'money_call' }, n);
          if (n > 0) log(`Settled ${n} refund(s), capture(s) or void(s) pending at the processor.`);
        })
        .catch((err) => log('Reconciliation of pending refunds, captures and voids failed', err)),
    ]);
  const purgeKeys = () =>
    Promise.all([
      purgeExpiredIdempotencyKeys(ctx).catch((err) => log('Purging expired idempotency keys failed', err)),
      purgeExpiredEmbedSessions(ctx).catch((err) => log('Purging expired embed sessions failed', err)),
    ]);
  // Renewals are claimed with FOR UPDATE SKIP LOCKED: every process may run the tick, several times at
  // once (KASSA_RENEWAL_TICKS), and no period is billed twice.
  const renew = () =>
    Promise.all(
      Array.from({ length: ctx.config.renewalTicks }, () =>
        runRenewals(ctx)
          .then((done) => done.length > 0 && log(`Ran ${done.length} subscription renewal step(s).`))
          .catch((err) => log('Subscription renewals failed', err)),
      ),
    );
  const purgeAccountLimits = () =>
    Promise.all([
      purgeExpiredAccountLimits(ctx).catch((err) => log('Purging expired sign-in limits failed', err)),
      purgeExpiredPasskeyChallenges(ctx).catch((err) => log('Purging expired passkey challenges failed', err)),
    ]);
  // A payment left in `processing` (or a refund left pending) by the previous run is settled before
  // new ones arrive.
  await reconcile();
  // Periods that ended while no process ran are renewed now rather than a minute later.
  void renew();
  const timer = setInterval(() => {
    void reconcile();
    void purgeKeys();
    void purgeAccountLimits();
    void renew();
  }, MINUTE);
  timer.unref();
  const stopNotifications = startNotificationWorker(ctx, log);
  const stopWebhooks = startWebhookWorker(ctx);
  const stopRecurringInvoices = startRecurringInvoiceWorker(ctx, log);
  return async () => {
    clearInterval(timer);
    await Promise.all([stopNotifications(), stopWebhooks(), stopRecurringInvoices()]);
  };
}
