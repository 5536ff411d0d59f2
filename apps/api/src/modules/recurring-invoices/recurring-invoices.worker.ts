// The tick that makes recurring invoices' occurrences, in every API process
// (docs/decisions/0001-transactional-outbox.md). Each occurrence is one database transaction: claim one due template
// FOR UPDATE SKIP LOCKED, make its invoice (with its events and e-mail queued beside it), advance the
// template, commit. Two ticks never hold one template, and the unique (recurring invoice, occurrence)
// index refuses a second invoice even if they did, so each send date makes exactly one invoice. A
// template several send dates behind (the server was down) makes each missed one in turn, once.
import { dayOf, dueDateOf, sendDateAt } from '@kassa/contract/recurring-invoices';
import type { AppContext } from '../../context.ts';
import { chargeInvoiceToSavedCard } from '../charges/customer-charge.service.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { makeInvoiceOccurrence } from '../invoices/invoices.service.ts';
import { defaultSavedCard } from '../payment-methods/payment-methods.service.ts';
import { scheduleOf } from './recurring-invoice-view.ts';
import { advanceTemplate, claimDueTemplate } from './recurring-invoices.queries.ts';

export type WorkerLog = (msg: string, err?: unknown) => void;
const silent: WorkerLog = () => undefined;

/** At most this many occurrences per tick, so that stopping never waits long for a backlog. */
const OCCURRENCES_PER_TICK = 500;

interface MadeOccurrence {
  invoice: { id: string; invoiceNumber: string; totalAmount: number; currency: string } | undefined;
  template: { merchantId: string; customerId: string; autoCharge: boolean };
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
      return { invoice: undefined, template };
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
    return { invoice, template };
  });
}

const scheduleState = (t: Awaited<ReturnType<typeof claimDueTemplate>> & {}) => ({
  periodIndex: t.periodIndex,
  invoicesMade: t.invoicesMade,
  lastSentAt: t.lastSentAt,
});

/**
 * With auto-charge on and a saved card, the invoice is charged right after it is committed. A decline
 * leaves it open and e-mailed; no card means the customer pays on the invoice's page.
 */
async function autoCharge(ctx: AppContext, made: MadeOccurrence, log: WorkerLog) {
  const { invoice, template } = made;
  if (!invoice || !template.autoCharge || invoice.totalAmount <= 0) return;
  const card = await defaultSavedCard(ctx, template.customerId);
  if (!card) return;
  try {
    await chargeInvoiceToSavedCard(ctx, {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      merchantId: template.merchantId,
      amount: invoice.totalAmount,
      currency: invoice.currency,
      customerId: template.customerId,
      cardId: card.id,
    });
  } catch (error) {
    log(`Automatic charge of invoice ${invoice.id} was not taken; the invoice stays open`, error);
  }
}

/** Makes every due occurrence (up to the tick's limit); the number made. */
export async function makeDueRecurringInvoices(ctx: AppContext, log: WorkerLog = silent): Promise<number> {
  let made = 0;
  for (let i = 0; i < OCCURRENCES_PER_TICK; i++) {
    const occurrence = await makeOneOccurrence(ctx, log);
    if (!occurrence) break;
    if (occurrence.invoice) made += 1;
    await autoCharge(ctx, occurrence, log);
  }
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
