// The customer portal (docs/product-rules.md#customer-portal): a buyer signs in with a one-time link
// e-mailed to them — a random token stored hashed, 30 minutes, used once (a conditional UPDATE decides
// which click wins) — and gets a session of their own: a random token in an httpOnly cookie, stored
// hashed, naming one customer of one merchant. Nothing here accepts a merchant user's token or an API
// key, and the merchant's routes never read this cookie. What the customer sees and does goes through
// the owning modules' services, always scoped to the session's merchant and customer.
import { merchantIsOpen } from '@kassa/contract/access';
import {
  CUSTOMER_PORTAL_LINK_SENT,
  CUSTOMER_PORTAL_LINK_TTL_MINUTES,
  customerPortalSignInPath,
  type PortalBrand,
  type PortalCard,
  type PortalLinkResult,
  type PortalMe,
} from '@kassa/contract/customer-portal';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, invalid, notFound, unauthorized } from '../../lib/app-error.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { customerToSignIn, findCustomerById, requireCustomer } from '../customers/customers.service.ts';
import { customerInvoices } from '../invoices/invoices.service.ts';
import { replaceCardLink } from '../payment-methods/add-card.service.ts';
import {
  defaultSavedCard,
  makeCardDefault,
  removeCardOfCustomer,
  savedCardsOf,
} from '../payment-methods/payment-methods.service.ts';
import {
  cancelCustomerSubscriptionAtPeriodEnd,
  customerSubscriptions,
  payCustomerIncompleteSubscription,
} from '../subscriptions/subscriptions.service.ts';
import { customerReceiptPdf, customerReceipts } from '../transactions/receipts.service.ts';
import {
  claimPortalLink,
  endPortalSession,
  findLivePortalSession,
  findPortalMerchant,
  insertPortalLink,
  insertPortalSession,
} from './customer-portal.queries.ts';

export const PORTAL_LINK_TTL_MS = CUSTOMER_PORTAL_LINK_TTL_MINUTES * MINUTE;
/** A portal session lasts this long from sign-in, whatever the customer does: then a new link. */
export const PORTAL_SESSION_TTL_MS = 12 * HOUR;

const PORTAL_NOT_FOUND = 'This billing page does not exist. Check the address the merchant gave you.';
const LINK_NOT_VALID = 'This sign-in link has expired or was already used. Ask for a new one.';
const SIGNED_OUT = 'You are signed out. Ask for a new sign-in link.';
const CANCEL_NOT_ALLOWED = 'To cancel this subscription, contact the merchant.';

/** A portal session as every portal route sees it: one customer of one merchant, nothing more. */
export interface PortalSession {
  merchantId: string;
  customerId: string;
  expiresAt: Date;
}

async function openMerchant(ctx: AppContext, merchantId: string) {
  const merchant = await findPortalMerchant(ctx.db, merchantId);
  if (!merchant || !merchantIsOpen(merchant)) throw notFound(PORTAL_NOT_FOUND);
  return merchant;
}

const brandOf = (merchant: { id: string; name: string; logo: string | null }): PortalBrand => ({
  merchant_id: merchant.id,
  merchant_name: merchant.name,
  merchant_logo: merchant.logo,
});

export async function portalBrand(ctx: AppContext, merchantId: string): Promise<PortalBrand> {
  return brandOf(await openMerchant(ctx, merchantId));
}

/** Stores a new link for the customer (hashed) and answers its address, which only the e-mail carries. */
async function mintLink(ctx: AppContext, merchantId: string, customerId: string, returnTo?: string) {
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + PORTAL_LINK_TTL_MS);
  await insertPortalLink(ctx.db, { merchantId, customerId, tokenHash: hashToken(token), expiresAt });
  return { url: `${ctx.config.publicUrl.replace(/\/+$/, '')}${customerPortalSignInPath(token, returnTo)}`, expiresAt };
}

// Sent straight away rather than through the notifications outbox: the outbox would keep the link's
// token in plain text until it is sent, and the link is worth nothing after 30 minutes anyway.
// In the customer's language (docs/i18n.md), English when the merchant set none.
async function mailLink(
  ctx: AppContext,
  to: string,
  customer: { name: string; locale: string | null },
  merchant: string,
  url: string,
) {
  const { t } = emailTranslator(customer.locale);
  await ctx.mailer.send({
    to,
    subject: t('portalLink.subject', { merchant }),
    ...mailLines([
      t('mail.hello', { name: customer.name }),
      '',
      {
        text: (link) => t('portalLink.intro', { merchant, link }),
        href: url,
        label: t('portalLink.subject', { merchant }),
      },
      '',
      t('portalLink.expiry', { minutes: CUSTOMER_PORTAL_LINK_TTL_MINUTES }),
      '',
    ]),
  });
}

/**
 * The sign-in form: a link goes out only when the address is a customer's of this merchant, and the
 * answer is the same either way, so the form tells nobody who is a customer.
 */
export async function requestSignInLink(
  ctx: AppContext,
  merchantId: string,
  email: string,
  /** A public checkout of this merchant to come back to (docs/product-rules.md#saved-cards-on-a-public-checkout). */
  returnTo?: string,
): Promise<string> {
  const merchant = await openMerchant(ctx, merchantId);
  const customer = await customerToSignIn(ctx.db, merchant.id, email);
  if (customer?.email) {
    const { url } = await mintLink(ctx, merchant.id, customer.id, returnTo);
    await mailLink(ctx, customer.email, customer, merchant.name, url);
  }
  return CUSTOMER_PORTAL_LINK_SENT;
}

/** The merchant sends a customer a sign-in link, or only takes it to copy (customer page, API). */
export async function createPortalLink(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  sendEmail: boolean,
): Promise<PortalLinkResult> {
  const customer = await requireCustomer(ctx, actor, customerId, 'edit');
  if (sendEmail && !customer.email) {
    throw invalid('send_email', 'This customer has no e-mail address. Copy the link instead.');
  }
  const merchant = await openMerchant(ctx, customer.merchantId);
  const { url, expiresAt } = await mintLink(ctx, merchant.id, customer.id);
  if (sendEmail && customer.email) await mailLink(ctx, customer.email, customer, merchant.name, url);
  return { url, expires_at: expiresAt.toISOString(), sent_to: sendEmail ? customer.email : null };
}

/**
 * Uses a sign-in link: the claim and the session are one transaction, so of any number of clicks at
 * once exactly one starts a session (and the unique link_id would refuse a second).
 */
export async function signInWithLink(ctx: AppContext, token: string) {
  const now = ctx.clock.now();
  const sessionToken = randomToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_MS);
  const link = await ctx.db.transaction(async (db) => {
    const link = await claimPortalLink(db, hashToken(token), now);
    if (!link) return undefined;
    await insertPortalSession(db, {
      merchantId: link.merchantId,
      customerId: link.customerId,
      linkId: link.id,
      tokenHash: hashToken(sessionToken),
      expiresAt,
    });
    return link;
  });
  if (!link) throw businessRule(LINK_NOT_VALID);
  await requireLiveCustomer(ctx, { merchantId: link.merchantId, customerId: link.customerId, expiresAt });
  return { sessionToken, expiresAt, merchantId: link.merchantId };
}

/** The session of a portal cookie, or 401: no cookie, an unknown, ended or expired one. */
export async function portalSessionOf(ctx: AppContext, cookie: string | undefined): Promise<PortalSession> {
  const row = cookie ? await findLivePortalSession(ctx.db, hashToken(cookie), ctx.clock.now()) : undefined;
  if (!row) throw unauthorized(SIGNED_OUT);
  return { merchantId: row.merchantId, customerId: row.customerId, expiresAt: row.expiresAt };
}

export async function signOut(ctx: AppContext, cookie: string | undefined) {
  if (cookie) await endPortalSession(ctx.db, hashToken(cookie), ctx.clock.now());
}

/** The session's customer and merchant as they are now: a removed customer or closed merchant ends it. */
export async function requireLiveCustomer(ctx: AppContext, session: PortalSession) {
  const customer = await findCustomerById(ctx.db, session.customerId);
  if (!customer || customer.deletedAt || customer.merchantId !== session.merchantId) throw unauthorized(SIGNED_OUT);
  const merchant = await findPortalMerchant(ctx.db, session.merchantId);
  if (!merchant || !merchantIsOpen(merchant)) throw unauthorized(SIGNED_OUT);
  return { customer, merchant };
}

export async function portalMe(ctx: AppContext, session: PortalSession): Promise<PortalMe> {
  const { customer, merchant } = await requireLiveCustomer(ctx, session);
  return {
    ...brandOf(merchant),
    customer_name: customer.name,
    customer_email: customer.email,
    may_cancel: merchant.customersMayCancel,
    session_expires_at: session.expiresAt.toISOString(),
  };
}

export async function portalSubscriptions(ctx: AppContext, session: PortalSession) {
  await requireLiveCustomer(ctx, session);
  return customerSubscriptions(ctx, session.merchantId, session.customerId);
}

export async function cancelPortalSubscription(ctx: AppContext, session: PortalSession, id: string) {
  const { merchant } = await requireLiveCustomer(ctx, session);
  if (!merchant.customersMayCancel) throw businessRule(CANCEL_NOT_ALLOWED);
  return cancelCustomerSubscriptionAtPeriodEnd(ctx, session.merchantId, session.customerId, id);
}

/** "Pay now" on an incomplete subscription: its first invoice, charged to the card the portal shows as default. */
export async function payPortalSubscription(ctx: AppContext, session: PortalSession, id: string) {
  await requireLiveCustomer(ctx, session);
  const card = await defaultSavedCard(ctx, session.customerId);
  return payCustomerIncompleteSubscription(ctx, session.merchantId, session.customerId, id, card?.id ?? null);
}

export async function portalInvoices(ctx: AppContext, session: PortalSession) {
  await requireLiveCustomer(ctx, session);
  return customerInvoices(ctx, session.merchantId, session.customerId);
}

export async function portalReceipts(ctx: AppContext, session: PortalSession) {
  await requireLiveCustomer(ctx, session);
  return customerReceipts(ctx, session.merchantId, session.customerId);
}

export async function portalReceiptPdf(ctx: AppContext, session: PortalSession, id: string) {
  await requireLiveCustomer(ctx, session);
  return customerReceiptPdf(ctx, session.merchantId, session.customerId, id);
}

export async function portalCards(ctx: AppContext, session: PortalSession): Promise<PortalCard[]> {
  await requireLiveCustomer(ctx, session);
  const cards = await savedCardsOf(ctx, session.customerId);
  // The default is the card a charge without the customer uses: the first one that has not expired.
  const first = cards.find((card) => !card.expired);
  return cards.map((card) => ({
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    expired: card.expired,
    is_default: card.id === first?.id,
  }));
}

export async function removePortalCard(ctx: AppContext, session: PortalSession, id: string) {
  const { customer } = await requireLiveCustomer(ctx, session);
  return (await removeCardOfCustomer(ctx, customer, id)).message;
}

export async function makePortalCardDefault(ctx: AppContext, session: PortalSession, id: string) {
  await requireLiveCustomer(ctx, session);
  await makeCardDefault(ctx, session.customerId, id);
  return portalCards(ctx, session);
}

/** Adding a card happens on the hosted-fields page of the add-card link, minted for this customer. */
export async function portalAddCardLink(ctx: AppContext, session: PortalSession) {
  await requireLiveCustomer(ctx, session);
  return { url: await replaceCardLink(ctx, session.customerId) };
}
