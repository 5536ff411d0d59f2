// Customers: the people a merchant sells to, one merchant's own (a sub-merchant keeps its own and a
// master does not read them). Every write commits its audit entry and its webhook event with it.
//
// Which app governs customers: the Virtual Terminal (APP.VIRTUAL_TERMINAL, code VT). Customers are
// who the merchant charges by hand and, later, whose saved cards it charges: the Virtual Terminal's
// work. A sub-user needs VT view to list them and VT create/edit/delete to change them; owners and
// staff hold every code (docs/decisions/0004-transactions-have-no-app.md explains why transactions
// themselves have no app; customers are one merchant's records like products, so they do have one).
//
// Mode: an API key sees and writes only its own mode's customers (like transactions,
// transactions.service.ts). A portal user follows the Test mode switch: the list is asked with
// `mode`, a new customer is made in the mode the switch shows, and one customer is read by its id.
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import {
  CUSTOMER_MESSAGES,
  type Customer,
  type CustomerCreate,
  type CustomerListQuery,
  type CustomerPatch,
} from '@kassa/contract/customers';
import { TEST_CLOCK_MESSAGES } from '@kassa/contract/test-clocks';
import type { WebhookEventType } from '@kassa/contract/webhooks';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { violatesUnique } from '../../db/pg-errors.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { forgetCardsAtProcessor, retireCustomerCards } from '../payment-methods/payment-methods.service.ts';
import { isMerchantTestClock } from '../subscriptions/test-clocks.service.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  type CustomerMode,
  type CustomerRow,
  type CustomerScope,
  type CustomerUpdate,
  findCustomer,
  findCustomerByReference,
  findCustomerRowByEmail,
  findCustomerRowById,
  findCustomerRowsWithMerchantCountry,
  findCustomerWithMerchantCountry,
  findMatchByEmailRule,
  findMerchantCountry,
  findOnlyCustomerByEmail,
  findTwoCustomersByEmail,
  insertBuyerCustomer,
  insertCustomer,
  listCustomers,
  live,
  lockBuyerEmail,
  softDeleteCustomer,
  updateCustomer,
} from './customers.queries.ts';

const CUSTOMERS_APP = APP.VIRTUAL_TERMINAL;

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  merchant_id: row.merchantId,
  mode: row.mode,
  name: row.name,
  email: row.email,
  phone: row.phone,
  billing_address: row.billingAddress,
  reference: row.reference,
  metadata: row.metadata,
  locale: row.locale,
  test_clock_id: row.testClockId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The caller's merchant and, for an API key, its mode; throws 403 without the Virtual Terminal need. */
export function customerScope(actor: Actor, need: 'view' | 'create' | 'edit' | 'delete'): CustomerScope {
  const { merchantId } = requireMerchantAccess(actor, CUSTOMERS_APP, need);
  return { merchantId, mode: actor.apiKey?.mode };
}

const referenceTaken = () =>
  new AppError('conflict', CUSTOMER_MESSAGES.referenceTaken, [
    { path: 'reference', message: CUSTOMER_MESSAGES.referenceTaken },
  ]);

/** The partial unique index is the guard: two creates with one reference at once leave one customer. */
async function guardReference<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatesUnique(error, 'customers_reference_uq')) throw referenceTaken();
    throw error;
  }
}

async function phoneOf(ctx: AppContext, merchantId: string, phone: string | null, country: string | undefined) {
  if (phone === null) return null;
  return normalizePhone(phone, country ?? (await findMerchantCountry(ctx.db, merchantId)) ?? 'US');
}

async function announce(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor,
  row: CustomerRow,
  type: Extract<WebhookEventType, `customer.${string}`>,
  data: Record<string, unknown> = {},
) {
  const now = ctx.clock.now();
  const action = type;
  await recordAudit(db, {
    actor,
    merchantId: row.merchantId,
    action,
    entityType: 'customer',
    entityId: row.id,
    data: { mode: row.mode, ...data },
  });
  const payload =
    type === 'customer.deleted'
      ? { ...toCustomer(row), deleted_at: (row.deletedAt ?? now).toISOString() }
      : toCustomer(row);
  await recordWebhookEvent(db, { merchantId: row.merchantId, mode: row.mode }, type, payload, now);
}

export async function listMerchantCustomers(
  ctx: AppContext,
  actor: Actor,
  query: CustomerListQuery,
): Promise<Page<Customer>> {
  const scope = customerScope(actor, 'view');
  const { rows, count } = await listCustomers(ctx.db, scope, query);
  return pageOf(query, count, rows.map(toCustomer));
}

export async function getMerchantCustomer(ctx: AppContext, actor: Actor, id: string): Promise<Customer> {
  const scope = customerScope(actor, 'view');
  const row = await findCustomer(ctx.db, scope, id);
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return toCustomer(row);
}

export async function createCustomer(ctx: AppContext, actor: Actor, body: CustomerCreate): Promise<Customer> {
  const scope = customerScope(actor, 'create');
  const mode: CustomerMode | undefined = scope.mode ?? body.mode;
  if (!mode) throw invalid('mode', 'Choose test or live.');
  if (scope.mode && body.mode && body.mode !== scope.mode) {
    throw invalid('mode', `This API key makes ${scope.mode} customers only.`);
  }
  if (body.test_clock_id) {
    if (mode !== 'test') throw invalid('test_clock_id', TEST_CLOCK_MESSAGES.liveRefused);
    if (!(await isMerchantTestClock(ctx, scope.merchantId, body.test_clock_id))) {
      throw invalid('test_clock_id', TEST_CLOCK_MESSAGES.notFound);
    }
  }
  const phone = await phoneOf(ctx, scope.merchantId, body.phone ?? null, body.billing_address?.country);
  return guardReference(() =>
    ctx.db.transaction(async (db) => {
      const row = await insertCustomer(db, {
        merchantId: scope.merchantId,
        mode,
        name: body.name,
        email: body.email ?? null,
        phone,
        billingAddress: body.billing_address ?? null,
        reference: body.reference ?? null,
        metadata: body.metadata ?? {},
        locale: body.locale ?? null,
        testClockId: body.test_clock_id ?? null,
      });
      await announce(ctx, db, actor, row, 'customer.created');
      return toCustomer(row);
    }),
  );
}

export async function patchCustomer(ctx: AppContext, actor: Actor, id: string, body: CustomerPatch): Promise<Customer> {
  const scope = customerScope(actor, 'edit');
  const current = await findCustomer(ctx.db, scope, id);
  if (!current) throw notFound(CUSTOMER_MESSAGES.notFound);
  const country = (body.billing_address === undefined ? current.billingAddress : body.billing_address)?.country;
  const values: CustomerUpdate = {
    name: body.name,
    email: body.email,
    phone: body.phone === undefined ? undefined : await phoneOf(ctx, scope.merchantId, body.phone, country),
    billingAddress: body.billing_address,
    reference: body.reference,
    metadata: body.metadata,
    locale: body.locale,
  };
  const changed = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return guardReference(() =>
    ctx.db.transaction(async (db) => {
      const row = await updateCustomer(db, scope, id, values, ctx.clock.now());
      if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
      await announce(ctx, db, actor, row, 'customer.updated', { changed });
      return toCustomer(row);
    }),
  );
}

export async function deleteCustomer(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  const scope = customerScope(actor, 'delete');
  const { row, cards } = await ctx.db.transaction(async (db) => {
    const row = await softDeleteCustomer(db, scope, id, ctx.clock.now());
    if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
    const cards = await retireCustomerCards(ctx, db, actor, row.id);
    await announce(ctx, db, actor, row, 'customer.deleted');
    return { row, cards };
  });
  // The processor is asked only once nothing in Kassa can charge the cards (decision 0023).
  await forgetCardsAtProcessor(ctx, cards, row);
  return CUSTOMER_MESSAGES.deleted;
}

/** One customer the caller may act on (`need` of the Virtual Terminal), as its row: 404 when it is not theirs. */
export async function requireCustomer(
  ctx: AppContext,
  actor: Actor,
  id: string,
  need: 'view' | 'create' | 'edit' | 'delete',
): Promise<CustomerRow> {
  const row = await findCustomer(ctx.db, customerScope(actor, need), id);
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return row;
}

/** A customer to charge, and the country its charge is taken in: its billing country, else its merchant's. */
export interface CustomerToCharge {
  customer: CustomerRow;
  country: string;
}

/** A customer row read already, with its merchant's country, as a charge takes it. */
export const customerToCharge = (customer: CustomerRow, merchantCountry: string | null): CustomerToCharge => ({
  customer,
  country: customer.billingAddress?.country ?? merchantCountry ?? 'US',
});

const toCharge = (row: Awaited<ReturnType<typeof findCustomerWithMerchantCountry>>) =>
  row && customerToCharge(row.customer, row.merchantCountry);

/**
 * The scope's live customers, as a condition on the customers table: for a read of the payment-methods
 * module that takes the customer and the card to charge at once (its values may be placeholders).
 */
export const chargeableCustomersSql = (scope: CustomerBook) => live(scope);

/** A customer by id, deleted or not, with its charge's country (an invoice's automatic charge). */
export const findCustomerToCharge = async (db: DbOrTx, id: string) =>
  toCharge(await findCustomerWithMerchantCountry(db, id));

/** Customers by id, deleted or not, each with its charge's country, in one read (a batch of renewals). */
export const findCustomersToCharge = async (db: DbOrTx, ids: string[]): Promise<CustomerToCharge[]> =>
  (await findCustomerRowsWithMerchantCountry(db, ids)).map((row) =>
    customerToCharge(row.customer, row.merchantCountry),
  );

/** The live customer a merchant's reference names in a mode (a checkout token's buyer id). */
export const findCustomerByMerchantReference = (
  db: DbOrTx,
  merchantId: string,
  mode: CustomerMode,
  reference: string,
) => findCustomerByReference(db, merchantId, mode, reference);

export interface CheckoutBuyer {
  merchantId: string;
  mode: CustomerMode;
  /** The merchant's reference the checkout was opened with (buyer_id), if any. */
  reference: string | null;
  name: string;
  email: string;
  billingAddress: CustomerRow['billingAddress'];
  /**
   * Match the one customer with this e-mail whatever the merchant's rule: a subscriber is known by
   * e-mail (docs/product-rules.md#subscribing-at-checkout).
   */
  matchByEmail?: boolean;
  /** The buyer's language at checkout: a new customer's e-mails and invoices speak it (docs/i18n.md). */
  locale?: CustomerRow['locale'];
}

/**
 * The customer a paying buyer is: the one the merchant's reference names, else — only when the merchant
 * chose that rule — the one customer with the buyer's e-mail, else a new one (announced like any other).
 */
export async function findOrCreateBuyerCustomer(ctx: AppContext, db: DbOrTx, buyer: CheckoutBuyer) {
  if (buyer.reference) {
    const byReference = await findCustomerByReference(db, buyer.merchantId, buyer.mode, buyer.reference);
    if (byReference) return byReference;
  } else if (buyer.matchByEmail || (await findMatchByEmailRule(db, buyer.merchantId))) {
    await lockBuyerEmail(db, buyer.merchantId, buyer.mode, buyer.email);
    const byEmail = await findOnlyCustomerByEmail(db, buyer.merchantId, buyer.mode, buyer.email);
    if (byEmail) return byEmail;
  }
  return makeBuyerCustomer(ctx, db, buyer);
}

/** A new customer from a buyer's details, announced like any other; with a reference, the one another request made first. */
async function makeBuyerCustomer(ctx: AppContext, db: DbOrTx, buyer: CheckoutBuyer) {
  const values = {
    merchantId: buyer.merchantId,
    mode: buyer.mode,
    name: buyer.name,
    email: buyer.email.toLowerCase(),
    phone: null,
    billingAddress: buyer.billingAddress,
    reference: buyer.reference,
    metadata: {},
    locale: buyer.locale ?? null,
  };
  const created = await insertBuyerCustomer(db, values);
  if (!created) {
    // Another payment made the customer of this reference a moment ago.
    return (await findCustomerByReference(db, buyer.merchantId, buyer.mode, buyer.reference!))!;
  }
  await recordWebhookEvent(
    db,
    { merchantId: created.merchantId, mode: created.mode },
    'customer.created',
    toCustomer(created),
    ctx.clock.now(),
  );
  return created;
}

/**
 * The customer an invoice the merchant typed the buyer of bills (no customer picked): the one live
 * customer of the mode with that e-mail, else a new one made from the typed name and e-mail; none when
 * several share the e-mail (the merchant picks one: nothing ambiguous is merged). In the caller's
 * transaction, under the e-mail's lock, so parallel invoices of one new buyer make one customer.
 */
export async function customerForTypedBuyer(
  ctx: AppContext,
  db: DbOrTx,
  buyer: { merchantId: string; mode: CustomerMode; name: string; email: string },
): Promise<CustomerRow | undefined> {
  await lockBuyerEmail(db, buyer.merchantId, buyer.mode, buyer.email);
  const found = await findTwoCustomersByEmail(db, buyer.merchantId, buyer.mode, buyer.email);
  if (found.length > 1) return undefined;
  return found[0] ?? makeBuyerCustomer(ctx, db, { ...buyer, reference: null, billingAddress: null });
}

/**
 * The customer a paid payment no customer was bound to belongs to: the one of the merchant's own
 * reference the checkout was minted with (`reference`, only when the merchant minted it), found or
 * made; without one, only when the merchant chose to match returning buyers by e-mail, the one with
 * the buyer's e-mail, else a new one. A buyer id from a public checkout names no one
 * (docs/decisions/0023-saved-cards-live-at-the-processor.md).
 */
export async function findOrCreatePaidBuyerCustomer(
  ctx: AppContext,
  db: DbOrTx,
  buyer: CheckoutBuyer,
): Promise<CustomerRow | undefined> {
  if (!buyer.reference && !(await findMatchByEmailRule(db, buyer.merchantId))) return undefined;
  return findOrCreateBuyerCustomer(ctx, db, buyer);
}
/** A customer as this module hands it to others (the saved cards' owner). */
export type StoredCustomer = CustomerRow;

/** Whether the merchant chose to match returning buyers by e-mail (its settings, match_customers_by_email). */
export const merchantMatchesBuyersByEmail = (db: DbOrTx, merchantId: string) => findMatchByEmailRule(db, merchantId);

/** A customer by id, deleted or not, for a payment that already names it (its saved card, its checkout). */
export const findCustomerById = (db: DbOrTx, id: string) => findCustomerRowById(db, id);

/** Where a caller outside this module looks for customers: one merchant, one mode. */
export type CustomerBook = CustomerScope;

/** One of the merchant's customers of that mode, or undefined (another merchant's is never found). */
export const customerInBook = (db: DbOrTx, book: CustomerBook, id: string) => findCustomer(db, book, id);

/** The first customers of a book matching a search, by name: a picker's options. */
export async function searchCustomerBook(db: DbOrTx, book: CustomerBook, search: string | undefined, limit: number) {
  const { rows } = await listCustomers(db, book, { search, page: 1, page_size: limit, sort_by: 'name' });
  return rows;
}

/**
 * The customer portal's sign-in form: the merchant's customer who may get a sign-in link at this
 * address (docs/product-rules.md#customer-portal), or undefined. One address may be several customers;
 * the newest live one is the one the link opens.
 */
export const customerToSignIn = (db: DbOrTx, merchantId: string, email: string) =>
  findCustomerRowByEmail(db, merchantId, email);
