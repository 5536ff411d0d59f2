// Public checkout pages: what a buyer sees, and the checkout session whose amount the server computes
// (product price × quantity, the quick payment's amount, the invoice total). docs/product-rules.md#product-checkout, docs/product-rules.md#checkout-payment-panel.

import { APP, merchantCanSell } from '@kassa/contract/access';
import type {
  InvoiceCheckoutDetails,
  MerchantData,
  ProductCheckoutDetails,
  QuickPaymentCheckoutDetails,
} from '@kassa/contract/checkout';
import { grantsScope, looksLikeApiKey } from '@kassa/contract/developers';
import { paymentAmountProblem } from '@kassa/contract/invoice-payments';
import { lineTotal } from '@kassa/contract/money';
import { formatInternational } from '@kassa/contract/phone';
import type { StoreOption } from '@kassa/contract/saved-cards';
import { everyPeriod, type RecurringOffer } from '@kassa/contract/subscribe-at-checkout';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { resolveApiKeyActor } from '../api-keys/api-keys.service.ts';
import { bearerToken, resolveActor } from '../auth/actor.service.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import { findCustomerByMerchantReference } from '../customers/customers.service.ts';
import { invoiceBalance } from '../invoices/invoices.service.ts';
import { findMerchantPrice, type PriceRow } from '../prices/prices.service.ts';
import {
  findCheckoutSession,
  findInvoiceForCheckout,
  findProductForCheckout,
  findQuickPaymentForCheckout,
} from './checkout.queries.ts';
import { type OpenCheckout, openCheckout } from './open-checkout.ts';

// The checkout token and session, for the payment that redeems them.
export { type CheckoutClaims, type CheckoutSessionFacts, verifyCheckoutToken } from './checkout-token.ts';
// The Virtual Terminal opens its checkouts itself.
export { CHECKOUT_SESSION_TTL_MS, openCheckout } from './open-checkout.ts';

/** What a stored checkout session was opened for (merchant, amount, bound customer), for a token without them. */
export const storedCheckoutFacts = (db: DbOrTx, id: string) => findCheckoutSession(db, id);

/** Whether the checkout session a token names is still stored. */
export async function checkoutSessionExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await storedCheckoutFacts(db, id)) !== undefined;
}

export const MERCHANT_UNAVAILABLE = 'This merchant cannot accept payments right now.';

interface MerchantRow {
  merchantId: string;
  merchantName: string;
  merchantLogo: string | null;
  merchantAddress: string;
  merchantCity: string;
  merchantState: string;
  merchantCountry: string;
  merchantPhone: string | null;
  merchantBlocked: boolean;
  merchantRemovedAt: Date | null;
  paymentHubStatus: number;
  masterLogo: string | null;
}

export const merchantDataOf = (row: MerchantRow): MerchantData => ({
  name: row.merchantName,
  logo: row.merchantLogo,
  address: row.merchantAddress,
  city: row.merchantCity,
  state: row.merchantState,
  country: row.merchantCountry,
  phone: row.merchantPhone,
  phone_international: row.merchantPhone ? formatInternational(row.merchantPhone, row.merchantCountry) : null,
  master_merchant_logo: row.masterLogo,
});

/** A blocked or removed merchant, or one whose Payment Hub is not active, takes no payment. */
export function assertMerchantCanSell(row: MerchantRow) {
  if (
    !merchantCanSell({
      isBlocked: row.merchantBlocked,
      removedAt: row.merchantRemovedAt,
      paymentHubStatus: row.paymentHubStatus,
    })
  ) {
    throw new AppError('business_rule', MERCHANT_UNAVAILABLE);
  }
}

/**
 * The recurring price a product or payment link carries, while it can still be subscribed to (this
 * merchant's, recurring, not archived): its checkout then subscribes the buyer
 * (docs/product-rules.md#subscribing-at-checkout). Undefined: the checkout is a one-time payment.
 */
async function subscribablePrice(ctx: AppContext, merchantId: string, priceId: string | null) {
  if (!priceId) return undefined;
  const price = await findMerchantPrice(ctx.db, merchantId, priceId);
  return price && price.interval !== null && !price.archivedAt ? price : undefined;
}

const offerOf = (price: PriceRow | undefined): RecurringOffer | null =>
  price?.interval
    ? {
        price_id: price.id,
        amount: price.amount,
        currency: price.currency,
        interval: price.interval,
        interval_count: price.intervalCount,
        trial_days: price.trialDays,
      }
    : null;

/** What a subscribe on this checkout starts: the merchant's name for the consent, and the price. */
export async function checkoutSubscription(
  ctx: AppContext,
  facts: { productId: string | null; quickPaymentId: string | null },
): Promise<{ merchantName: string; price: PriceRow; offer: RecurringOffer } | undefined> {
  const row = facts.productId
    ? await findProductForCheckout(ctx.db, facts.productId)
    : facts.quickPaymentId
      ? await findQuickPaymentForCheckout(ctx.db, facts.quickPaymentId)
      : undefined;
  if (!row || row.merchantRemovedAt) return undefined;
  const priceId = 'product' in row ? row.product.recurringPriceId : row.quickPayment.recurringPriceId;
  const price = await subscribablePrice(ctx, row.merchantId, priceId);
  const offer = offerOf(price);
  return price && offer ? { merchantName: row.merchantName, price, offer } : undefined;
}

async function loadProduct(ctx: AppContext, productId: string) {
  const row = await findProductForCheckout(ctx.db, productId);
  if (!row || row.merchantRemovedAt) throw notFound('This product does not exist.');
  return row;
}

export async function getProductCheckoutDetails(ctx: AppContext, productId: string): Promise<ProductCheckoutDetails> {
  const row = await loadProduct(ctx, productId);
  const p = row.product;
  return {
    id: p.id,
    merchant_data: merchantDataOf(row),
    image: p.image,
    name: p.name,
    description: p.description,
    price_per_unit: p.pricePerUnit,
    currency: p.currency,
    message_type: p.messageType,
    message: p.message,
    recurring: offerOf(await subscribablePrice(ctx, row.merchantId, p.recurringPriceId)),
  };
}

/** What a checkout token request adds: the buyer id, the store option, and who asks (their Authorization header). */
export interface CheckoutRequester {
  buyerId?: string;
  store?: StoreOption;
  authorization?: string;
}

/**
 * Whom the checkout is for. The buyer id binds the customer it names only when the merchant itself asks
 * — its server with an API key holding customers:read, or a portal user who may see customers — never
 * from a public request: otherwise anyone who knew or guessed a buyer id could pay with that buyer's
 * saved card (docs/decisions/0023-saved-cards-live-at-the-processor.md). A credential that does not
 * open, or belongs to another merchant, is refused rather than ignored.
 */
async function buyerOf(ctx: AppContext, merchantId: string, requester: CheckoutRequester) {
  const store = requester.store;
  if (!requester.buyerId) return { store };
  const buyerReference = requester.buyerId;
  if (!requester.authorization) return { store, buyerReference };
  const token = bearerToken(requester.authorization);
  const actor =
    token && looksLikeApiKey(token)
      ? await resolveApiKeyActor(ctx, token)
      : await resolveActor(ctx, requester.authorization);
  if (actor.apiKey && !grantsScope(actor.apiKey.scopes, 'customers:read')) {
    throw forbidden(`Binding a buyer id needs an API key with the customers:read scope.`);
  }
  const { merchantId: callerMerchant } = requireMerchantAccess(actor, APP.VIRTUAL_TERMINAL, 'view');
  if (callerMerchant !== merchantId) throw forbidden('This checkout belongs to another merchant.');
  // The customer of the mode the checkout is paid in: a test key must not bind a test customer to a live
  // payment (whose card it could then charge), nor a live key a live customer to a test one.
  const mode = await cardPaymentMode(ctx.db, ctx.keys, merchantId);
  if (actor.apiKey && actor.apiKey.mode !== mode) {
    throw forbidden(
      `This checkout is paid in ${mode} mode, so only a ${mode} API key may bind a buyer id to it (this key is for ${actor.apiKey.mode} mode).`,
    );
  }
  const customer = await findCustomerByMerchantReference(ctx.db, merchantId, mode, buyerReference);
  return { store, buyerReference, buyerReferenceTrusted: true, customerId: customer?.id };
}

/** "Gym membership, every month": what the checkout of a recurring price sells. */
const recurringDescription = (name: string, price: PriceRow | undefined) =>
  price?.interval ? `${name}, ${everyPeriod(price.interval, price.intervalCount)}` : undefined;

export async function createProductCheckout(
  ctx: AppContext,
  productId: string,
  quantity: number,
  requester: CheckoutRequester = {},
) {
  const row = await loadProduct(ctx, productId);
  if (!row.product.isActive) throw new AppError('business_rule', 'This product is currently unavailable.');
  // A recurring price is one subscription a checkout: its first period, whatever quantity was asked.
  const recurring = await subscribablePrice(ctx, row.merchantId, row.product.recurringPriceId);
  const sold = recurring ? 1 : quantity;
  return openSaleCheckout(
    ctx,
    row,
    {
      kind: 'product',
      productId,
      quantity: sold,
      amount: recurring ? recurring.amount : lineTotal(quantity, row.product.pricePerUnit),
      currency: recurring ? recurring.currency : row.product.currency,
      description:
        recurringDescription(row.product.name, recurring) ??
        (quantity > 1 ? `${row.product.name} × ${quantity}` : row.product.name),
      comment: row.product.comment,
      metadata: { product_id: productId },
    },
    requester,
  );
}

async function loadQuickPayment(ctx: AppContext, id: string) {
  const row = await findQuickPaymentForCheckout(ctx.db, id);
  if (!row || row.merchantRemovedAt) throw notFound('This payment link does not exist.');
  return row;
}

export async function getQuickPaymentCheckoutDetails(
  ctx: AppContext,
  id: string,
): Promise<QuickPaymentCheckoutDetails> {
  const row = await loadQuickPayment(ctx, id);
  const q = row.quickPayment;
  return {
    id: q.id,
    merchant_data: merchantDataOf(row),
    name: q.name,
    description: q.description,
    amount: q.amount,
    currency: q.currency,
    recurring: offerOf(await subscribablePrice(ctx, row.merchantId, q.recurringPriceId)),
  };
}

export async function createQuickPaymentCheckout(ctx: AppContext, id: string, requester: CheckoutRequester = {}) {
  const row = await loadQuickPayment(ctx, id);
  const q = row.quickPayment;
  if (!q.isActive) throw new AppError('business_rule', 'This payment link is no longer active.');
  if (q.expiresAt && q.expiresAt <= ctx.clock.now())
    throw new AppError('business_rule', 'This payment link has expired.');
  const recurring = await subscribablePrice(ctx, row.merchantId, q.recurringPriceId);
  return openSaleCheckout(
    ctx,
    row,
    {
      kind: 'quick_payment',
      quickPaymentId: id,
      amount: recurring ? recurring.amount : q.amount,
      currency: recurring ? recurring.currency : q.currency,
      description: recurringDescription(q.name, recurring) ?? q.name,
      comment: q.comment,
      metadata: { quick_payment_id: id },
    },
    requester,
  );
}

async function loadInvoice(ctx: AppContext, id: string) {
  const row = await findInvoiceForCheckout(ctx.db, id);
  // A draft was never sent and a voided invoice is withdrawn: neither exists for a buyer.
  if (!row || row.merchantRemovedAt || row.invoice.status === 'draft' || row.invoice.status === 'void') {
    throw notFound('This invoice does not exist.');
  }
  return row;
}

export async function getInvoiceCheckoutDetails(ctx: AppContext, id: string): Promise<InvoiceCheckoutDetails> {
  const row = await loadInvoice(ctx, id);
  const inv = row.invoice;
  return {
    id: inv.id,
    merchant_data: merchantDataOf(row),
    invoice_number: inv.invoiceNumber,
    customer_first_name: inv.customerFirstName,
    customer_last_name: inv.customerLastName,
    customer_email: inv.customerEmail,
    due_date: inv.dueDate,
    currency: inv.currency,
    total_amount: inv.totalAmount,
    amount_paid: inv.amountPaid,
    balance_due: inv.balanceDue,
    deposit_amount: inv.depositAmount,
    allow_partial: inv.allowPartial,
    status: inv.status,
    is_paid: inv.status === 'paid',
  };
}

export const INVOICE_ALREADY_PAID = 'This invoice has already been paid.';

/**
 * A checkout for `amount` of the invoice, its whole balance when left out. The amount rules
 * (docs/product-rules.md#partial-payments) are checked here for a clear answer, and again under the
 * invoice's lock when the payment is recorded, as another buyer may pay a part in between.
 */
export async function createInvoiceCheckout(
  ctx: AppContext,
  id: string,
  requester: CheckoutRequester = {},
  amount?: number,
) {
  const row = await loadInvoice(ctx, id);
  const inv = row.invoice;
  if (inv.status === 'paid') throw new AppError('business_rule', INVOICE_ALREADY_PAID);
  if (inv.totalAmount <= 0) throw new AppError('business_rule', 'This invoice has nothing to pay.');
  const paying = amount ?? inv.balanceDue;
  const problem = paymentAmountProblem(invoiceBalance(inv), paying);
  if (problem) throw invalid('amount', problem);
  return openSaleCheckout(
    ctx,
    row,
    {
      kind: 'invoice',
      invoiceId: id,
      amount: paying,
      currency: inv.currency,
      description: `Invoice ${inv.invoiceNumber}`,
      comment: inv.comment,
      metadata: { invoice_id: id },
    },
    requester,
  );
}

/**
 * A buyer's checkout for what the merchant sells (product, payment link, invoice): the merchant
 * must be able to take the payment, and its country and connection kinds come with the row
 * already read, so opening the checkout reads nothing more.
 */
async function openSaleCheckout(
  ctx: AppContext,
  row: MerchantRow & { connectionKinds: readonly string[] },
  sale: Omit<OpenCheckout, 'merchantId' | 'country' | 'intent' | 'createdBy'>,
  requester: CheckoutRequester,
) {
  assertMerchantCanSell(row);
  const buyer = await buyerOf(ctx, row.merchantId, requester);
  return openCheckout(
    ctx,
    { merchantId: row.merchantId, country: row.merchantCountry, ...sale, ...buyer },
    row.connectionKinds,
  );
}
