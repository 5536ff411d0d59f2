import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { ensureFirstAdmin } from '../modules/users/first-admin.service.ts';
import { DEMO_PASSWORD } from './demo-catalog.ts';
import { type DemoSummary, loadDemoData } from './load-demo.ts';

const TABLES = [
  'industry_types',
  'merchants',
  'users',
  'admin_permissions',
  'user_app_access',
  'products',
  'quick_payments',
  'invoices',
  'invoice_items',
  'transactions',
  'transaction_events',
  'refunds',
  'audit_log',
];
const FIRST_ADMIN_PASSWORD = 'First-admin-pass-77';

let t: TestApp;
let first: DemoSummary;
let second: DemoSummary;
let countsAfterFirst: Record<string, number>;

const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => t.ctx.database.query<T>(text, params);
async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await sql<{ n: number }>(`select count(*)::int as n from ${table}`);
    out[table] = row!.n;
  }
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  // As after `npm start`: the first admin exists with its own password before the demo runs.
  await ensureFirstAdmin(t.ctx.db, 'admin@kassa.local', FIRST_ADMIN_PASSWORD);
  first = await loadDemoData(t.ctx);
  countsAfterFirst = await counts();
  second = await loadDemoData(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('loadDemoData', () => {
  it('duplicates nothing when run a second time', async () => {
    expect(await counts()).toEqual(countsAfterFirst);
    expect(second.inserted).toEqual({ invoices: 0, transactions: 0, refunds: 0 });
    expect(second.merchants).toEqual(first.merchants);
    expect(countsAfterFirst.transactions).toBe(600);
    expect(second.accounts.every((a) => !a.created)).toBe(true);
  });

  it('creates the demo accounts with their roles, merchants, permissions and app access', async () => {
    const rows = await sql<{ email: string; role: number; merchant: string | null; password_hash: string }>(
      `select u.email, u.role, m.name as merchant, u.password_hash
         from users u left join merchants m on m.id = u.merchant_id order by u.email`,
    );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(Object.fromEntries(rows.map((r) => [r.email, [r.role, r.merchant]]))).toEqual({
      'admin@kassa.local': [1, null],
      'staffadmin@kassa.local': [4, null],
      'owner@acme.example': [2, 'Acme Outfitters'],
      'staff@acme.example': [5, 'Acme Outfitters'],
      'clerk@acme.example': [3, 'Acme Outfitters'],
      'owner@bolt.example': [2, 'Bolt Bikes'],
      'owner@cedar.example': [2, 'Cedar Café'],
    });
    expect(await verifyPassword(byEmail['owner@acme.example']!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(byEmail['clerk@acme.example']!.password_hash, DEMO_PASSWORD)).toBe(true);
    // The existing first admin keeps the password it was created with.
    expect(await verifyPassword(byEmail['admin@kassa.local']!.password_hash, FIRST_ADMIN_PASSWORD)).toBe(true);
    expect(first.accounts.find((a) => a.email === 'admin@kassa.local')?.created).toBe(false);

    const perms = await sql(
      `select p.view_merchant, p.view_catalog, p.view_transactions, p.view_industry_type
         from admin_permissions p join users u on u.id = p.user_id where u.email = 'staffadmin@kassa.local'`,
    );
    expect(perms).toEqual([{ view_merchant: 1, view_catalog: 0, view_transactions: 1, view_industry_type: 0 }]);

    const access = await sql<{ email: string; app: number; access: number[] }>(
      'select u.email, a.app, a.access from user_app_access a join users u on u.id = a.user_id order by a.app',
    );
    expect(access).toEqual([
      { email: 'clerk@acme.example', app: 3, access: [1] },
      { email: 'clerk@acme.example', app: 6, access: [1, 2] },
    ]);
  });

  it('builds the merchant tree with active hubs, E.164 phones and a logo', async () => {
    const rows = await sql<Record<string, unknown>>(
      `select m.name, master.name as master, m.payment_hub_status, m.finance_hub_status, m.phone,
              left(m.logo, 26) as logo, i.name as industry
         from merchants m left join merchants master on master.id = m.master_merchant_id
         left join industry_types i on i.id = m.industry_type_id order by m.name`,
    );
    expect(rows.map((r) => [r.name, r.master, r.industry])).toEqual([
      ['Acme Outfitters', null, 'Retail'],
      ['Bolt Bikes', 'Acme Outfitters', 'Bicycles'],
      ['Cedar Café', null, 'Food & Beverage'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ payment_hub_status: 3, finance_hub_status: 3, logo: 'data:image/svg+xml;base64,' });
      expect(r.phone).toMatch(/^\+1\d{10}$/);
    }
  });

  it('gives every merchant ~200 transactions within the last 90 days', async () => {
    const rows = await sql<{ n: number; oldest: Date; newest: Date }>(
      'select count(*)::int as n, min(created_at) as oldest, max(created_at) as newest from transactions group by merchant_id',
    );
    expect(rows).toHaveLength(3);
    const now = t.clock.now().getTime();
    for (const r of rows) {
      expect(r.n).toBe(200);
      expect(now - new Date(r.oldest).getTime()).toBeLessThanOrEqual(90 * 86_400_000);
      expect(new Date(r.newest).getTime()).toBeLessThanOrEqual(now);
    }
    const statuses = await sql<{ status: string }>('select distinct status from transactions order by status');
    expect(statuses.map((s) => s.status)).toEqual([
      'authorization_failed',
      'buyer_approval_pending',
      'capture_succeeded',
      'partially_refunded',
      'refunded',
    ]);
    const methods = await sql<{ method: string }>('select distinct method from transactions order by method');
    expect(methods.map((m) => m.method)).toEqual(['card', 'wallet']);
  });

  it('shows one payment awaiting approval per merchant, not a month of them that look stuck', async () => {
    const since = new Date(t.clock.now().getTime() - 30 * 86_400_000);
    const rows = await sql<{ attempts: number; awaiting: number }>(
      `select count(*)::int as attempts, count(*) filter (where status = 'buyer_approval_pending')::int as awaiting
         from transactions where created_at >= $1 group by merchant_id`,
      [since],
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.attempts).toBeGreaterThan(40);
      expect(r.awaiting).toBe(1);
    }
  });

  it('keeps refunded amounts equal to the refunds, with an event and an audit row for each refund', async () => {
    const mismatches = await sql(
      `select t.id from transactions t left join refunds r on r.transaction_id = t.id
        group by t.id, t.refunded_amount, t.captured_amount, t.status
       having t.refunded_amount <> coalesce(sum(r.amount), 0)
           or (t.status = 'refunded') <> (t.refunded_amount = t.captured_amount and t.captured_amount > 0)
           or (t.status = 'partially_refunded') <> (t.refunded_amount > 0 and t.refunded_amount < t.captured_amount)`,
    );
    expect(mismatches).toEqual([]);
    const [c] = await sql<{ refunds: number; events: number; audits: number }>(
      `select (select count(*)::int from refunds) as refunds,
              (select count(*)::int from transaction_events where type = 'refunded') as events,
              (select count(*)::int from audit_log where action = 'transaction.refund') as audits`,
    );
    expect(c!.refunds).toBeGreaterThan(10);
    expect(c).toEqual({ refunds: c!.refunds, events: c!.refunds, audits: c!.refunds });
  });

  it('ends every timeline on the transaction status', async () => {
    const rows = await sql(
      `select t.id from transactions t
        where t.status <> (select e.status from transaction_events e where e.transaction_id = t.id
                           order by e.created_at desc, e.id desc limit 1)`,
    );
    expect(rows).toEqual([]);
  });

  it('stores invoice totals that add up, and links each paid invoice to its transaction', async () => {
    const bad = await sql(
      `select i.invoice_number from invoices i join invoice_items it on it.invoice_id = i.id
        group by i.id
       having i.sub_total_amount <> sum(it.quantity * it.price)
           or i.total_amount <> i.sub_total_amount - i.discount_amount + i.shipping_amount + i.tax_amount`,
    );
    expect(bad).toEqual([]);
    const statuses = await sql<{ status: string }>('select distinct status from invoices order by status');
    expect(statuses.map((s) => s.status)).toEqual(['draft', 'overdue', 'paid', 'sent']);
    const unpaid = await sql(
      `select i.invoice_number from invoices i left join transactions t on t.id = i.paid_transaction_id
        where i.status = 'paid' and (t.amount is distinct from i.total_amount or t.status <> 'capture_succeeded')`,
    );
    expect(unpaid).toEqual([]);
    // A paid invoice owes nothing; an unpaid one owes its total.
    const owing = await sql(
      `select invoice_number from invoices
        where balance_due <> case when status = 'paid' then 0 else total_amount end`,
    );
    expect(owing).toEqual([]);
  });

  it('never stores anything that looks like a card number', async () => {
    const rows = await sql('select * from transactions');
    const suspicious = rows.flatMap((r) =>
      Object.entries(r).filter(([, v]) => /\d{13,19}/.test(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    );
    expect(suspicious).toEqual([]);
    const cards = await sql<{ card_last4: string }>("select card_last4 from transactions where method = 'card'");
    expect(cards.every((c) => /^\d{4}$/.test(c.card_last4))).toBe(true);
  });
});
