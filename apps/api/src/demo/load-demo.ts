// Loads the demo in one database transaction: industry types, three merchants with
// their catalog, invoices and ~200 transactions each, and the demo accounts. Safe to run again.

import type { AppContext } from '../context.ts';
import { auditLog, refunds, transactionEvents, transactions } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import {
  ensureAdminPermissions,
  ensureAppAccess,
  ensureIndustryTypes,
  findOrCreateMerchant,
  findOrCreateProduct,
  findOrCreateQuickPayment,
  findOrCreateUser,
  insertIgnoringExisting,
  insertMissingInvoices,
  paidInvoices,
} from './demo.queries.ts';
import {
  DEMO_INDUSTRY_TYPES,
  DEMO_MERCHANTS,
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoMerchantKey,
} from './demo-catalog.ts';
import { demoInvoices } from './demo-invoices.ts';
import { demoTransactions } from './demo-transactions.ts';
import { merchantLogo } from './logo.ts';

export const DEMO_TRANSACTIONS_PER_MERCHANT = 200;
const DAY = 86_400_000;

export interface DemoAccount {
  email: string;
  role: number;
  merchant: string;
  note: string;
  /** False when the account existed before this run: its password was left as it was. */
  created: boolean;
}

export interface DemoSummary {
  accounts: DemoAccount[];
  merchants: { name: string; id: string }[];
  inserted: { invoices: number; transactions: number; refunds: number };
}

type LoadContext = Pick<AppContext, 'db' | 'keys' | 'clock'>;

export async function loadDemoData(ctx: LoadContext): Promise<DemoSummary> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const industries = await ensureIndustryTypes(db, DEMO_INDUSTRY_TYPES);

    const merchantIds = new Map<DemoMerchantKey, string>();
    for (const m of DEMO_MERCHANTS) {
      const id = await findOrCreateMerchant(db, {
        name: m.name,
        email: m.email,
        phone: m.phone,
        address: m.address,
        city: m.city,
        state: m.state,
        zipCode: m.zipCode,
        country: 'US',
        defaultCurrency: 'USD',
        website: m.website,
        logo: merchantLogo(m.name, m.logoColor),
        industryTypeId: industries.get(m.industry.toLowerCase()),
        masterMerchantId: m.master ? merchantIds.get(m.master) : null,
        paymentHubStatus: 3,
        financeHubStatus: 3,
        allowConnections: true,
      });
      merchantIds.set(m.key, id);
    }

    const accounts: DemoAccount[] = [];
    const owners = new Map<DemoMerchantKey, string>();
    for (const u of DEMO_USERS) {
      const user = await findOrCreateUser(
        db,
        {
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          merchantId: u.merchant ? merchantIds.get(u.merchant) : null,
          passwordChangedAt: now,
        },
        () => hashPassword(DEMO_PASSWORD),
      );
      if (u.adminPermissions) await ensureAdminPermissions(db, { userId: user.id, ...u.adminPermissions });
      if (u.appAccess) await ensureAppAccess(db, user.id, u.appAccess);
      if (u.merchant && u.role === 2) owners.set(u.merchant, user.id);
      const merchant = DEMO_MERCHANTS.find((m) => m.key === u.merchant)?.name ?? '—';
      accounts.push({ email: u.email, role: user.role, merchant, note: u.note, created: user.created });
    }

    const inserted = { invoices: 0, transactions: 0, refunds: 0 };
    for (const m of DEMO_MERCHANTS) {
      const merchantId = merchantIds.get(m.key)!;
      const ownerUserId = owners.get(m.key)!;
      const productRows = [];
      for (const p of m.products) {
        productRows.push(
          await findOrCreateProduct(db, {
            merchantId,
            name: p.name,
            description: p.description,
            pricePerUnit: p.price,
            currency: 'USD',
            messageType: p.messageType,
            message: p.message,
          }),
        );
      }
      const quickPaymentRows = [];
      for (const q of m.quickPayments) {
        quickPaymentRows.push(
          await findOrCreateQuickPayment(db, {
            merchantId,
            name: q.name,
            description: q.description,
            amount: q.amount,
            currency: 'USD',
            expiresAt: q.expiresInDays ? new Date(now.getTime() + q.expiresInDays * DAY) : null,
          }),
        );
      }

      const invoiceList = demoInvoices({
        key: m.key,
        merchantId,
        invoicePrefix: m.invoicePrefix,
        createdBy: ownerUserId,
        products: productRows,
        now,
      });
      inserted.invoices += await insertMissingInvoices(db, invoiceList);
      const paid = await paidInvoices(
        db,
        merchantId,
        invoiceList.map((i) => i.invoice.invoiceNumber),
      );

      const activity = demoTransactions({
        key: m.key,
        merchantId,
        ownerUserId,
        count: DEMO_TRANSACTIONS_PER_MERCHANT,
        now,
        fingerprintKey: ctx.keys.fingerprint,
        products: productRows,
        quickPayments: quickPaymentRows,
        paidInvoices: paid.map((p) => ({
          id: p.id,
          invoiceNumber: p.invoiceNumber,
          totalAmount: p.totalAmount,
          paidAt: p.paidAt!,
          paidTransactionId: p.paidTransactionId!,
          customer: { firstName: p.firstName, lastName: p.lastName, email: p.email },
        })),
      });
      inserted.transactions += await insertIgnoringExisting(db, transactions, activity.transactions);
      await insertIgnoringExisting(db, transactionEvents, activity.events);
      inserted.refunds += await insertIgnoringExisting(db, refunds, activity.refunds);
      await insertIgnoringExisting(db, auditLog, activity.audit);
    }

    return {
      accounts,
      merchants: DEMO_MERCHANTS.map((m) => ({ name: m.name, id: merchantIds.get(m.key)! })),
      inserted,
    };
  });
}
