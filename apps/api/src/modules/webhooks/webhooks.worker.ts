// Delivers webhook events. Runs in every API process; the deliveries live in the database and are
// claimed with SKIP LOCKED, so any number of processes share them, each attempt sent by one worker.
// Delivery is at least once: a worker that dies mid-attempt leaves the delivery to be tried again.
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { AppContext } from '../../context.ts';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { checkWebhookUrl, type Resolver, WebhookUrlRefused } from '../../lib/ssrf-guard.ts';
import { type AttemptOutcome, sendWebhook } from './webhook-sender.ts';
import { webhookHeaders } from './webhook-signature.ts';
import {
  claimDueDeliveries,
  disableEndpoint,
  findDeliveryWork,
  findOwnerEmails,
  finishDelivery,
  insertAttempt,
  markEndpointFailing,
  markEndpointHealthy,
} from './webhooks.queries.ts';
import { signingSecrets } from './webhooks.service.ts';

const SECOND = 1000;
/**
 * Wait before the next attempt after the n-th failed one: the first attempt goes at once, then 5 s,
 * 5 min, 30 min, 2 h, 5 h and 10 h seven times — about three days from the first to the last.
 */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  ...new Array(7).fill(10 * HOUR),
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint that has failed every attempt for this long is turned off and its owner told. */
export const DISABLE_AFTER_MS = 3 * DAY;
/** How long a claimed delivery is left to its worker before another may try it (well above the timeout). */
const LEASE_MS = MINUTE;
const DISABLED_REASON = 'Every delivery failed for 3 days, so Kassa turned this endpoint off.';
const GONE_REASON = 'The endpoint answered 410 Gone (it wants no more events), so Kassa turned it off.';

export interface WebhookWorkerOptions {
  limit?: number;
  /** DNS for the address check; tests pass their own. */
  resolve?: Resolver;
  timeoutMs?: number;
}

/** One pass: claims due deliveries and makes one attempt at each. Returns how many were attempted. */
export async function deliverDueWebhooks(ctx: AppContext, options: WebhookWorkerOptions = {}): Promise<number> {
  const now = ctx.clock.now();
  const claimed = await claimDueDeliveries(ctx.db, now, new Date(now.getTime() + LEASE_MS), options.limit ?? 10);
  if (claimed.length === 0) return 0;
  const work = await findDeliveryWork(
    ctx.db,
    claimed.map((c) => c.id),
  );
  await Promise.all(
    claimed.map(async (delivery) => {
      const item = work.find((w) => w.deliveryId === delivery.id);
      if (!item) return;
      const outcome = await attempt(ctx, item, options);
      await recordOutcome(ctx, delivery.id, delivery.attemptCount, item.endpoint, outcome);
    }),
  );
  return claimed.length;
}

type Work = Awaited<ReturnType<typeof findDeliveryWork>>[number];

async function attempt(ctx: AppContext, item: Work, options: WebhookWorkerOptions): Promise<AttemptOutcome> {
  const now = ctx.clock.now();
  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    // Checked again at every attempt: the name may now resolve elsewhere, or the rules may have changed.
    target = await checkWebhookUrl(item.endpoint.url, {
      allowPrivate: ctx.config.webhooksAllowPrivate,
      resolve: options.resolve ?? ctx.dns,
    });
  } catch (error) {
    const message = error instanceof WebhookUrlRefused ? error.message : 'The URL could not be checked.';
    return { statusCode: null, durationMs: 0, responseSnippet: null, error: message, delivered: false };
  }
  const headers = webhookHeaders(signingSecrets(ctx.keys, item.endpoint, now), {
    id: item.eventId,
    timestamp: Math.floor(now.getTime() / 1000),
    body: item.body,
  });
  return sendWebhook(target, headers, item.body, options.timeoutMs);
}

async function recordOutcome(
  ctx: AppContext,
  deliveryId: string,
  attemptNumber: number,
  endpoint: Work['endpoint'],
  outcome: AttemptOutcome,
) {
  const now = ctx.clock.now();
  await insertAttempt(ctx.db, {
    deliveryId,
    attemptedAt: now,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseSnippet: outcome.responseSnippet,
    error: outcome.error,
  });
  if (outcome.delivered) {
    await finishDelivery(ctx.db, deliveryId, attemptNumber, {
      status: 'delivered',
      nextAttemptAt: null,
      updatedAt: now,
    });
    await markEndpointHealthy(ctx.db, endpoint.id);
    return;
  }
  // 410 Gone is the receiver saying it wants nothing more: no retries, the endpoint is turned off.
  const gone = outcome.statusCode === 410;
  const delay = gone ? undefined : RETRY_DELAYS_MS[attemptNumber - 1];
  await finishDelivery(ctx.db, deliveryId, attemptNumber, {
    status: delay === undefined ? 'failed' : 'pending',
    nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay),
    updatedAt: now,
  });
  const disabled = gone
    ? await disableEndpoint(ctx.db, endpoint.id, now, GONE_REASON)
    : await markEndpointFailing(ctx.db, endpoint.id, now, new Date(now.getTime() - DISABLE_AFTER_MS), DISABLED_REASON);
  if (disabled) await tellOwners(ctx, disabled.merchantId, disabled.url, disabled.disabledReason ?? DISABLED_REASON);
}

async function tellOwners(ctx: AppContext, merchantId: string, url: string, reason: string) {
  const owners = await findOwnerEmails(ctx.db, merchantId);
  for (const { email: to, locale } of owners) {
    const { t } = emailTranslator(locale);
    await ctx.mailer
      .send({
        to,
        subject: t('webhookOff.subject'),
        ...mailLines([t('webhookOff.intro'), '', url, '', reason, '', t('webhookOff.closing')]),
      })
      .catch(() => undefined);
  }
}

/** Polls for due deliveries until stopped; returns the stop function. */
export function startWebhookWorker(ctx: AppContext, intervalMs = 1000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    // A full batch means more may be waiting: keep going, within reason, before sleeping.
    for (let i = 0; i < 10 && (await deliverDueWebhooks(ctx)) >= 10; i++);
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
