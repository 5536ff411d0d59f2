// The tick that makes recurring invoices' occurrences, in every API process
// (docs/decisions/0001-transactional-outbox.md). Each occurrence is one database transaction: claim one due template
// FOR UPDATE SKIP LOCKED, make its invoice (with its events and e-mail queued beside it), advance the
// template, commit. Two ticks never hold one template, and the unique (recurring invoice, occurrence)
// index refuses a second invoice even if they did, so each send date makes exactly one invoice. A
// template several send dates behind (the server was down) makes each missed one in turn, once.
import { dayOf, dueDateOf, sendDateAt } from '@kassa/contract/recurring-invoices';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { chargeInvoiceToSavedCard } from '../charges/customer-charge.service.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { makeInvoiceOccurrence } from '../invoices/invoices.service.ts';
import { defaultSavedCard } from '../payment-methods/payment-methods.service.ts';
import { scheduleOf } from './recurring-invoice-view.ts';
import { advanceTemplate, claimDueAutoCharge, claimDueTemplate, endAutoCharge } from './recurring-invoices.queries.ts';

export type WorkerLog = (msg: string, err?: unknown) => void;
const silent: WorkerLog = () => undefined;

/** At most this many occurrences per tick, so that stopping never waits long for a backlog. */
const OCCURRENCES_PER_TICK = 500;

interface MadeOccurrence {
  invoice: { id: string } | undefined;
}

/** One occurrence of one due template, in one transaction; null when nothing is due. */
async function makeOneOccurrence(ctx: AppContext, log: WorkerLog): Promise<MadeOccurrence | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const template = await claimDueTemplate(db, dayOf(now));
    if (!template?.nextSendDate) return null;
    const customer = await findCustomerById(db, template.customerId);
    if (!customer || customer.deletedAt || !customer.email) {
      // Nobody to send to: the schedule stops rather than fail on every tick.
      log(`Recurring invoice ${template.id} stopped: its customer was deleted or has no e-mail address.`);
      await advanceTemplate(
        db,
        template.id,
        { ...scheduleState(template), status: 'stopped', nextSendDate: null },
        now,
      );
      return { invoice: undefined };
    }
    const [firstName = customer.name, ...rest] = customer.name.split(' ');
    const invoice = await makeInvoiceOccurrence(ctx, db, {
      merchantId: template.merchantId,
      mode: template.mode,
      recurringInvoiceId: template.id,
      occurrence: template.invoicesMade + 1,
      customer: { id: customer.id, firstName, lastName: rest.join(' '), email: customer.email },
      currency: template.currency,
      description: template.description,
      dueDate: dueDateOf(template.nextSendDate, template.dueInDays),
      items: template.items,
      amounts: { ...template, discountType: 'percentage', shippingType: 'percentage', taxType: 'percentage' },
      // Due at once: charged after this commits, by this tick or, after a crash, the next one.
      chargeDueAt: template.autoCharge && template.totalAmount > 0 ? now : null,
    });
    const schedule = { ...scheduleOf(template), periodIndex: template.periodIndex + 1 };
    schedule.invoicesMade = template.invoicesMade + 1;
    const next = sendDateAt(schedule, 0);
    await advanceTemplate(
      db,
      template.id,
      {
        periodIndex: schedule.periodIndex,
        invoicesMade: schedule.invoicesMade,
        nextSendDate: next,
        status: next === null ? 'completed' : 'active',
        lastSentAt: now,
      },
      now,
    );
    return { invoice };
  });
}

const scheduleState = (t: Awaited<ReturnType<typeof claimDueTemplate>> & {}) => ({
  periodIndex: t.periodIndex,
  invoicesMade: t.invoicesMade,
  lastSentAt: t.lastSentAt,
});

/** How long a claimed automatic charge is held before another process may take it (a crash mid-charge). */
const CHARGE_LEASE_MS = 10 * 60_000;
/** A charge whose process keeps dying is claimed at most this many times, then left to the customer. */
const CHARGE_TRIES = 3;

/**
 * Charges one occurrence whose automatic charge is due, claimed in the database; false when none is.
 * The charge's checkout and payment ids are derived from the invoice id, so a charge claimed again after
 * a crash is the same request at the processor and never a second charge. A decline, or no card left,
 * ends it: the invoice stays open and e-mailed, for the customer to pay on its page.
 */
async function chargeOneDueOccurrence(ctx: AppContext, log: WorkerLog): Promise<boolean> {
  const now = ctx.clock.now();
  const invoice = await claimDueAutoCharge(ctx.db, now, new Date(now.getTime() + CHARGE_LEASE_MS), CHARGE_TRIES);
  if (!invoice) return false;
  const card = invoice.customerId ? await defaultSavedCard(ctx, invoice.customerId) : undefined;
  if (!card || !invoice.customerId || invoice.totalAmount <= 0) {
    await endAutoCharge(ctx.db, invoice.id, now);
    return true;
  }
  try {
    await chargeInvoiceToSavedCard(ctx, {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      merchantId: invoice.merchantId,
      amount: invoice.totalAmount,
      currency: invoice.currency,
      customerId: invoice.customerId,
      cardId: card.id,
    });
  } catch (error) {
    if (!(error instanceof AppError)) {
      // No answer from the processor: the lease stays, and the same charge is asked again after it.
      log(`Automatic charge of invoice ${invoice.id} got no answer; it is asked again later`, error);
      return true;
    }
    log(`Automatic charge of invoice ${invoice.id} was not taken; the invoice stays open`, error);
  }
  await endAutoCharge(ctx.db, invoice.id, ctx.clock.now());
  return true;
}

/** Charges every occurrence whose automatic charge is due (up to the tick's limit); the number tried. */
export async function chargeDueRecurringInvoices(ctx: AppContext, log: WorkerLog = silent): Promise<number> {
  let tried = 0;
  while (tried < OCCURRENCES_PER_TICK && (await chargeOneDueOccurrence(ctx, log))) tried += 1;
  return tried;
}

/** The tick's first step alone: makes every due occurrence (up to the tick's limit); the number made. */
export async function makeDueOccurrences(ctx: AppContext, log: WorkerLog = silent): Promise<number> {
  let made = 0;
  for (let i = 0; i < OCCURRENCES_PER_TICK; i++) {
    const occurrence = await makeOneOccurrence(ctx, log);
    if (!occurrence) break;
    if (occurrence.invoice) made += 1;
  }
  return made;
}

/** One tick: makes every due occurrence, then charges the due ones; the number made. */
export async function makeDueRecurringInvoices(ctx: AppContext, log: WorkerLog = silent): Promise<number> {
  const made = await makeDueOccurrences(ctx, log);
  await chargeDueRecurringInvoices(ctx, log);
  return made;
}

/** Ticks until stopped; returns the stop function. */
export function startRecurringInvoiceWorker(ctx: AppContext, log: WorkerLog, intervalMs = 10_000) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = makeDueRecurringInvoices(ctx, log)
      .then((n) => n > 0 && log(`Made ${n} recurring invoice(s).`))
      .catch((error) => log('Making recurring invoices failed', error))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
