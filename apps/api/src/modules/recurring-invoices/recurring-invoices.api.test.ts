// Recurring invoices through the API: who may do what, bad input refused with the field named, the
// schedule's states, and the tick that makes each occurrence once (e-mail queued, webhook recorded,
// auto-charge to the saved card, a decline leaving the invoice open).
import { APP, ROLE } from '@kassa/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSavedCard } from '../../../test/factories/saved-cards.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { expectFieldErrors } from '../../../test/support/field-errors.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { invoices, notifications, sandboxVaultCards, transactions, webhookEvents } from '../../db/schema.ts';
import { DAY } from '../../lib/clock.ts';
import { deliverQueuedNotifications } from '../notifications/notifications.worker.ts';
import { makeDueRecurringInvoices } from './recurring-invoices.worker.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const team = await signInMerchantTeam(t, { subUserAccess: { [APP.INVOICES]: [1] }, inactiveHubStatus: 1 });
const { owner, staff, subUser: viewer, merchantId, otherMerchantId } = team;
const productsOnly = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.PRODUCTS]: [1, 2, 3, 4] },
});
const other = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: otherMerchantId });
const call = apiCaller(t);
const today = () => t.clock.now().toISOString().slice(0, 10);

let customerCount = 0;
async function customer(session: TestSession = owner, overrides: object = {}) {
  customerCount += 1;
  const res = await call(session, 'POST', '/customer/', {
    name: `Ada Lovelace ${customerCount}`,
    email: `ada${customerCount}@example.com`,
    mode: 'test',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.id as string;
}

const template = (customerId: string, overrides: object = {}) => ({
  customer_id: customerId,
  currency: 'USD',
  items: [{ item_type: 2, item_name: 'Monthly maintenance', quantity: 1, price: 4_900 }],
  interval: 'month',
  start_date: today(),
  description: 'Thank you for your business.',
  due_in_days: 10,
  ...overrides,
});

async function create(body: object, session: TestSession = owner) {
  const res = await call(session, 'POST', '/recurring-invoice/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as { id: string; next_send_date: string; upcoming_dates: string[]; status: string };
}

const madeFor = (recurringId: string) =>
  t.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.recurringInvoiceId, recurringId))
    .orderBy(invoices.recurringOccurrence);

describe('recurring invoices: the template', () => {
  it('the owner creates a monthly template; it shows the coming send dates and the priced total', async () => {
    const customerId = await customer();
    const res = await call(owner, 'POST', '/recurring-invoice/', template(customerId, { start_date: '2099-01-31' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Recurring invoice saved.');
    expect(res.json().result).toMatchObject({
      customer_id: customerId,
      customer_email: `ada${customerCount}@example.com`,
      mode: 'test',
      status: 'active',
      total_amount: 4_900,
      interval: 'month',
      interval_count: 1,
      next_send_date: '2099-01-31',
      // The month-end rule of docs/product-rules.md: 31 January, then the last day of February.
      upcoming_dates: ['2099-01-31', '2099-02-28', '2099-03-31', '2099-04-30', '2099-05-31'],
      invoices_made: 0,
    });
  });

  it('ends after a count or on a date: the coming dates stop there', async () => {
    const customerId = await customer();
    const counted = await create(template(customerId, { start_date: '2099-01-10', end_after_count: 2 }));
    expect(counted.upcoming_dates).toEqual(['2099-01-10', '2099-02-10']);
    const dated = await create(
      template(customerId, { start_date: '2099-01-10', interval: 'week', interval_count: 2, end_date: '2099-02-20' }),
    );
    expect(dated.upcoming_dates).toEqual(['2099-01-10', '2099-01-24', '2099-02-07']);
  });

  it('refuses bad input with the field named and a sentence a person understands', async () => {
    const customerId = await customer();
    expectFieldErrors(await call(owner, 'POST', '/recurring-invoice/', {}), [
      'currency',
      'customer_id',
      'interval',
      'items',
      'start_date',
    ]);
    const noLines = await call(owner, 'POST', '/recurring-invoice/', template(customerId, { items: [] }));
    expectFieldErrors(noLines, ['items']);
    expect(noLines.json().message).toContain('Add a line');
    const bothEnds = await call(
      owner,
      'POST',
      '/recurring-invoice/',
      template(customerId, { end_after_count: 3, end_date: '2099-12-31' }),
    );
    expectFieldErrors(bothEnds, ['end_date']);
    expect(bothEnds.json().message).toContain('not both');
    const past = await call(owner, 'POST', '/recurring-invoice/', template(customerId, { start_date: '2020-01-01' }));
    expectFieldErrors(past, ['start_date']);
    expect(past.json().message).toBe('The start date is in the past. Choose today or later.');
    expectFieldErrors(
      await call(owner, 'POST', '/recurring-invoice/', template(customerId, { interval: 'fortnight' })),
      ['interval'],
    );
    expectFieldErrors(await call(owner, 'POST', '/recurring-invoice/', template(customerId, { interval_count: 0 })), [
      'interval_count',
    ]);
    const endFirst = await call(
      owner,
      'POST',
      '/recurring-invoice/',
      template(customerId, { start_date: '2099-05-01', end_date: '2099-04-01' }),
    );
    expectFieldErrors(endFirst, ['end_date']);
    const noEmail = await customer(owner, { email: null });
    const unmailable = await call(owner, 'POST', '/recurring-invoice/', template(noEmail));
    expectFieldErrors(unmailable, ['customer_id']);
    expect(unmailable.json().message).toContain('no e-mail address');
  });

  it('another merchant’s customer cannot be billed, and its templates answer 404 to every route', async () => {
    const theirCustomer = await customer(other);
    const refused = await call(owner, 'POST', '/recurring-invoice/', template(theirCustomer));
    expectFieldErrors(refused, ['customer_id']);
    expect(refused.json().message).toBe('Choose one of your customers.');
    const theirs = await create(template(theirCustomer), other);
    for (const [method, url, body] of [
      ['GET', `/recurring-invoice/${theirs.id}/`, undefined],
      ['PATCH', `/recurring-invoice/${theirs.id}/`, { description: 'mine now' }],
      ['DELETE', `/recurring-invoice/${theirs.id}/`, undefined],
      ['POST', `/recurring-invoice/${theirs.id}/pause/`, undefined],
      ['POST', `/recurring-invoice/${theirs.id}/resume/`, undefined],
      ['POST', `/recurring-invoice/${theirs.id}/stop/`, undefined],
      ['POST', `/recurring-invoice/${theirs.id}/start/`, undefined],
    ] as const) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Recurring invoice not found.');
    }
    const list = await call(owner, 'GET', '/recurring-invoice/?page_size=100');
    expect(list.json().result.results.map((r: { id: string }) => r.id)).not.toContain(theirs.id);
  });

  it('roles: a viewer of Invoices reads but cannot write; a sub-user without Invoices gets 403; anonymous 401', async () => {
    const mine = await create(template(await customer(), { start_date: '2099-03-01' }));
    expect((await call(viewer, 'GET', '/recurring-invoice/')).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/recurring-invoice/${mine.id}/`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/recurring-invoice/', template(await customer()))).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/recurring-invoice/${mine.id}/pause/`)).statusCode).toBe(403);
    expect((await call(productsOnly, 'GET', '/recurring-invoice/')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/recurring-invoice/')).statusCode).toBe(401);
    expect((await call(staff, 'POST', `/recurring-invoice/${mine.id}/pause/`)).statusCode).toBe(200);
  });

  it('pause, resume, stop; a draft is started or deleted, a running one only stopped', async () => {
    const customerId = await customer();
    const running = await create(template(customerId, { start_date: '2099-06-15' }));
    const paused = await call(owner, 'POST', `/recurring-invoice/${running.id}/pause/`);
    expect(paused.json()).toMatchObject({ result: { status: 'paused' }, message: expect.stringContaining('paused') });
    const again = await call(owner, 'POST', `/recurring-invoice/${running.id}/pause/`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This recurring invoice is paused. Only an active one can be paused.');
    expect((await call(owner, 'POST', `/recurring-invoice/${running.id}/resume/`)).json().result.status).toBe('active');
    expect((await call(owner, 'DELETE', `/recurring-invoice/${running.id}/`)).json().message).toBe(
      'This recurring invoice is active. Only a draft can be deleted; stop it instead.',
    );
    const stopped = await call(owner, 'POST', `/recurring-invoice/${running.id}/stop/`);
    expect(stopped.json().result).toMatchObject({ status: 'stopped', next_send_date: null, upcoming_dates: [] });
    const edit = await call(owner, 'PATCH', `/recurring-invoice/${running.id}/`, { description: 'late change' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe('This recurring invoice is stopped and can no longer be changed.');

    const draft = await create(template(customerId, { start_date: '2099-07-01', status: 'draft' }));
    expect(draft.status).toBe('draft');
    expect((await call(owner, 'POST', `/recurring-invoice/${draft.id}/start/`)).json().result.status).toBe('active');
    const second = await create(template(customerId, { start_date: '2099-07-01', status: 'draft' }));
    const deleted = await call(owner, 'DELETE', `/recurring-invoice/${second.id}/`);
    expect(deleted.json().message).toBe('Draft recurring invoice deleted.');
    expect((await call(owner, 'GET', `/recurring-invoice/${second.id}/`)).statusCode).toBe(404);
  });

  it('PATCH reprices lines and re-anchors the schedule on a new start date or frequency', async () => {
    const customerId = await customer();
    const mine = await create(template(customerId, { start_date: '2099-01-31' }));
    const res = await call(owner, 'PATCH', `/recurring-invoice/${mine.id}/`, {
      items: [{ item_type: 2, item_name: 'Support', quantity: 3, price: 1_000 }],
      tax_percentage: '10',
      interval: 'year',
      start_date: '2099-02-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      sub_total_amount: 3_000,
      total_amount: 3_300,
      tax_percentage: '10.00',
      next_send_date: '2099-02-01',
      upcoming_dates: ['2099-02-01', '2100-02-01', '2101-02-01', '2102-02-01', '2103-02-01'],
    });
    expect((await call(owner, 'PATCH', `/recurring-invoice/${mine.id}/`, {})).statusCode).toBe(400);
  });

  it('lists by status and customer, with pagination', async () => {
    const customerId = await customer();
    for (let i = 0; i < 3; i++) await create(template(customerId, { start_date: '2099-08-01' }));
    const draft = await create(template(customerId, { start_date: '2099-08-01', status: 'draft' }));
    const page = await call(owner, 'GET', `/recurring-invoice/?customer_id=${customerId}&page_size=2`);
    expect(page.json().result).toMatchObject({ count: 4 });
    expect(page.json().result.results).toHaveLength(2);
    const drafts = await call(owner, 'GET', `/recurring-invoice/?customer_id=${customerId}&status=draft`);
    expect(drafts.json().result.results.map((r: { id: string }) => r.id)).toEqual([draft.id]);
    expectFieldErrors(await call(owner, 'GET', '/recurring-invoice/?status=sleeping'), ['status']);
  });

  it('API keys use the invoices scopes and see only their own mode', async () => {
    const key = async (mode: string, scopes: string[]) => {
      const res = await call(owner, 'POST', '/developers/api-keys/', { name: `Recurring ${mode}`, mode, scopes });
      return { authorization: `Bearer ${res.json().result.secret}` };
    };
    const testRead = await key('test', ['invoices:read']);
    const liveWrite = await key('live', ['invoices:write', 'invoices:read']);
    const mine = await create(template(await customer(), { start_date: '2099-09-01' }));
    const asKey = (headers: object, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/apiv1${url}`, headers: headers as Record<string, string>, payload });
    expect((await asKey(testRead, 'GET', `/recurring-invoice/${mine.id}/`)).statusCode).toBe(200);
    expect((await asKey(testRead, 'POST', '/recurring-invoice/', template(await customer()))).statusCode).toBe(403);
    expect((await asKey(liveWrite, 'GET', `/recurring-invoice/${mine.id}/`)).statusCode).toBe(404);
    const testCustomer = await asKey(liveWrite, 'POST', '/recurring-invoice/', template(await customer()));
    expectFieldErrors(testCustomer, ['customer_id']);
  });
});

describe('recurring invoices: the tick', () => {
  it('makes the first invoice on the start date: sent, e-mailed through the outbox, announced, once', async () => {
    const endpoint = await call(owner, 'POST', '/developers/webhook-endpoints/', {
      url: 'https://hooks.example.com/kassa',
      mode: 'test',
      events: ['invoice.created'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const customerId = await customer();
    const mine = await create(template(customerId));
    expect(await makeDueRecurringInvoices(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await makeDueRecurringInvoices(t.ctx)).toBe(0);
    const [invoice, ...more] = await madeFor(mine.id);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({
      status: 'sent',
      customerId,
      recurringOccurrence: 1,
      totalAmount: 4_900,
      description: 'Thank you for your business.',
    });
    const queued = await t.ctx.db.select().from(notifications).where(eq(notifications.invoiceId, invoice!.id));
    expect(queued).toMatchObject([{ kind: 'invoice_sent', recipient: `ada${customerCount}@example.com` }]);
    const events = await t.ctx.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchantId, merchantId), eq(webhookEvents.type, 'invoice.created')));
    expect(events.length).toBeGreaterThanOrEqual(1);
    await deliverQueuedNotifications(t.ctx, 50);
    const mail = t.mail.lastTo(`ada${customerCount}@example.com`);
    expect(mail?.subject).toBe(`Invoice ${invoice!.invoiceNumber} from ${await merchantName()}`);
    expect(mail?.text).toContain(invoice!.id);
    const read = await call(owner, 'GET', `/recurring-invoice/${mine.id}/`);
    expect(read.json().result.invoices_made).toBe(1);
    expect(read.json().result.next_send_date > today()).toBe(true);
    const listed = await call(owner, 'GET', `/invoice/?recurring_invoice_id=${mine.id}`);
    expect(listed.json().result.results.map((r: { id: string }) => r.id)).toEqual([invoice!.id]);
  });

  it('a template three periods behind makes each missed invoice once, then waits for the next date', async () => {
    const customerId = await customer();
    const mine = await create(template(customerId, { interval: 'week', end_after_count: 10 }));
    t.clock.advance(22 * DAY);
    try {
      await Promise.all([makeDueRecurringInvoices(t.ctx), makeDueRecurringInvoices(t.ctx)]);
      await makeDueRecurringInvoices(t.ctx);
    } finally {
      t.clock.advance(-22 * DAY);
    }
    const made = await madeFor(mine.id);
    expect(made.map((i) => i.recurringOccurrence)).toEqual([1, 2, 3, 4]);
    expect(new Set(made.map((i) => i.invoiceNumber)).size).toBe(4);
  });

  it('ends after the count: completed, nothing more made', async () => {
    const mine = await create(template(await customer(), { interval: 'day', end_after_count: 2 }));
    t.clock.advance(5 * DAY);
    try {
      await makeDueRecurringInvoices(t.ctx);
    } finally {
      t.clock.advance(-5 * DAY);
    }
    expect(await madeFor(mine.id)).toHaveLength(2);
    const read = (await call(owner, 'GET', `/recurring-invoice/${mine.id}/`)).json().result;
    expect(read).toMatchObject({ status: 'completed', invoices_made: 2, next_send_date: null });
  });

  it('a paused template makes nothing; resumed later, it skips the dates it was paused over', async () => {
    const mine = await create(template(await customer(), { interval: 'week' }));
    await call(owner, 'POST', `/recurring-invoice/${mine.id}/pause/`);
    await makeDueRecurringInvoices(t.ctx);
    expect(await madeFor(mine.id)).toHaveLength(0);
    // A key, not the owner's session: the session's token expires in the 15 days skipped.
    const created = await call(owner, 'POST', '/developers/api-keys/', {
      name: 'Resume',
      mode: 'test',
      scopes: ['invoices:write'],
    });
    const authorization = `Bearer ${created.json().result.secret}`;
    t.clock.advance(15 * DAY);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/apiv1/recurring-invoice/${mine.id}/resume/`,
        headers: { authorization },
      });
      expect(res.statusCode, res.body).toBe(200);
      const resumed = res.json().result;
      expect(resumed.upcoming_dates[0]).toBe(resumed.next_send_date);
      expect(resumed.next_send_date >= today()).toBe(true);
      await makeDueRecurringInvoices(t.ctx);
      // Today may be a send date of the weekly schedule (one invoice), the two skipped ones never are.
      expect((await madeFor(mine.id)).length).toBe(resumed.next_send_date === today() ? 1 : 0);
    } finally {
      t.clock.advance(-15 * DAY);
    }
  });

  it('auto-charge takes the saved card once as a merchant-initiated payment and marks the invoice paid', async () => {
    const customerId = await customer();
    await createSavedCard(t.ctx.db, merchantId, customerId);
    const mine = await create(template(customerId, { auto_charge: true }));
    await makeDueRecurringInvoices(t.ctx);
    await makeDueRecurringInvoices(t.ctx);
    const [invoice] = await madeFor(mine.id);
    expect(invoice?.status).toBe('paid');
    const charges = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice!.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'capture_succeeded', amount: 4_900 });
  });

  it('a declined auto-charge leaves the invoice open and e-mailed', async () => {
    const customerId = await customer();
    const card = await createSavedCard(t.ctx.db, merchantId, customerId);
    await t.ctx.db
      .update(sandboxVaultCards)
      .set({ behaviour: 'declines_later' })
      .where(eq(sandboxVaultCards.token, card.token));
    const mine = await create(template(customerId, { auto_charge: true }));
    await makeDueRecurringInvoices(t.ctx);
    const [invoice] = await madeFor(mine.id);
    expect(invoice?.status).toBe('sent');
    const charges = await t.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, invoice!.id));
    expect(charges.map((c) => c.status)).toEqual(['authorization_failed']);
    const queued = await t.ctx.db.select().from(notifications).where(eq(notifications.invoiceId, invoice!.id));
    expect(queued).toHaveLength(1);
  });
});

async function merchantName() {
  const res = await call(owner, 'GET', '/auth/merchant-profile/');
  return res.json().result.name as string;
}
