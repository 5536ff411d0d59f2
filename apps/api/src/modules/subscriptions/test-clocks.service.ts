// Test clocks (test mode only; docs/decisions/0024-renewals-exactly-once.md). Advancing one moves its
// time forward event by event — each period end, trial warning and try of an invoice in the order they
// fall due — and runs the renewal job for that clock at each, so months of billing happen in seconds and
// in the order they would have happened.
import { APP } from '@kassa/contract/access';
import type { ListQuery, Page } from '@kassa/contract/common';
import {
  type ClockHappening,
  TEST_CLOCK_MESSAGES,
  type TestClock,
  type TestClockAdvance,
  type TestClockCreate,
} from '@kassa/contract/test-clocks';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { runRenewals } from './renewals.service.ts';
import {
  beginClockAdvance,
  endClockAdvance,
  findTestClock,
  insertTestClock,
  listTestClocks,
  nextClockEvent,
  setClockTime,
  softDeleteTestClock,
  type TestClockRow,
} from './subscriptions.queries.ts';

/** Stripe lets a clock move up to two intervals of its longest price; two years covers every retry schedule. */
const MAX_ADVANCE_MS = 2 * 366 * 86_400_000;
/** An advance stops after this many events, so a runaway schedule cannot hold the request forever. */
const MAX_EVENTS = 2_000;

const toTestClock = (row: TestClockRow): TestClock => ({
  id: row.id,
  merchant_id: row.merchantId,
  name: row.name,
  frozen_time: row.frozenTime.toISOString(),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The caller's merchant; an API key of live mode has no test clocks to touch. */
function clockScope(actor: Actor, need: 'view' | 'create' | 'edit' | 'delete') {
  const { merchantId } = requireMerchantAccess(actor, APP.INVOICES, need);
  if (actor.apiKey?.mode === 'live') throw invalid('mode', TEST_CLOCK_MESSAGES.liveRefused);
  return merchantId;
}

export async function listMerchantTestClocks(ctx: AppContext, actor: Actor, q: ListQuery): Promise<Page<TestClock>> {
  const merchantId = clockScope(actor, 'view');
  const { rows, count } = await listTestClocks(ctx.db, merchantId, q);
  return pageOf(q, count, rows.map(toTestClock));
}

export async function getMerchantTestClock(ctx: AppContext, actor: Actor, id: string) {
  const row = await findTestClock(ctx.db, clockScope(actor, 'view'), id);
  if (!row) throw notFound(TEST_CLOCK_MESSAGES.notFound);
  return toTestClock(row);
}

export async function createTestClock(ctx: AppContext, actor: Actor, body: TestClockCreate) {
  const merchantId = clockScope(actor, 'create');
  return ctx.db.transaction(async (db) => {
    const row = await insertTestClock(db, {
      merchantId,
      name: body.name ?? '',
      frozenTime: new Date(body.frozen_time),
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'test_clock.created',
      entityType: 'test_clock',
      entityId: row.id,
      data: {},
    });
    return toTestClock(row);
  });
}

export async function advanceTestClock(ctx: AppContext, actor: Actor, id: string, body: TestClockAdvance) {
  const merchantId = clockScope(actor, 'edit');
  const to = new Date(body.frozen_time);
  const clock = await findTestClock(ctx.db, merchantId, id);
  if (!clock) throw notFound(TEST_CLOCK_MESSAGES.notFound);
  if (to <= clock.frozenTime) throw invalid('frozen_time', TEST_CLOCK_MESSAGES.onlyForward);
  if (to.getTime() - clock.frozenTime.getTime() > MAX_ADVANCE_MS)
    throw invalid('frozen_time', TEST_CLOCK_MESSAGES.tooFar);
  const began = await beginClockAdvance(ctx.db, merchantId, id, to, ctx.clock.now());
  if (!began)
    throw conflict('This test clock is being advanced already (or moved past that time); try again in a moment.');
  const happened: ClockHappening[] = [];
  try {
    for (let i = 0; i < MAX_EVENTS; i++) {
      const next = await nextClockEvent(ctx.db, id);
      if (!next || next > to) break;
      const at = next < began.frozenTime ? began.frozenTime : next;
      await setClockTime(ctx.db, id, at);
      happened.push(...(await runRenewals(ctx, { clockId: id, at })));
    }
    await setClockTime(ctx.db, id, to);
    happened.push(...(await runRenewals(ctx, { clockId: id, at: to })));
  } finally {
    await endClockAdvance(ctx.db, id, ctx.clock.now());
  }
  const row = (await findTestClock(ctx.db, merchantId, id))!;
  return { ...toTestClock(row), happened };
}

export async function deleteTestClock(ctx: AppContext, actor: Actor, id: string) {
  const merchantId = clockScope(actor, 'delete');
  const row = await softDeleteTestClock(ctx.db, merchantId, id, ctx.clock.now());
  if (!row) throw notFound(TEST_CLOCK_MESSAGES.notFound);
  return TEST_CLOCK_MESSAGES.deleted;
}

/** Whether a test clock of this merchant exists (a customer may be attached to it). */
export async function isMerchantTestClock(ctx: AppContext, merchantId: string, id: string) {
  return (await findTestClock(ctx.db, merchantId, id)) !== undefined;
}
