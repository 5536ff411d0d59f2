// The replace link (expiring cards): the merchant e-mails a customer a link to a public page
// that saves a new card without paying (provider.saveCard). The link's token is the credential: signed,
// 7 days, for one customer (and the card it replaces); it opens nothing else.

import type { addCardBody } from '@kassa/contract/checkout';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { hostedFieldsTranslator } from '@kassa/contract/i18n/hosted-fields-catalogue';
import {
  ADD_CARD_PAGE_PREFIX,
  type AddCardDetails,
  addCardPagePath,
  type ReplaceCardLinkResult,
} from '@kassa/contract/saved-cards';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, businessRule, invalid, notFound } from '../../lib/app-error.ts';
import { DAY } from '../../lib/clock.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { cardErrors } from '../../payments/card.ts';
import { loadPaymentSetup } from '../connections/connections.service.ts';
import { findCustomerById, requireCustomer, type StoredCustomer } from '../customers/customers.service.ts';
import { findMerchantBrand, findSavedCard, insertSavedCard, markCardDeleted } from './payment-methods.queries.ts';
import {
  announceCard,
  cardLabel,
  forgetAtProcessor,
  type SaveConsent,
  type SavedCardRow,
  toCheckoutSavedCard,
  vaultCustomerFor,
} from './payment-methods.service.ts';

const AUDIENCE = 'kassa-add-card';
export const ADD_CARD_LINK_TTL_MS = 7 * DAY;
const LINK_NOT_VALID = 'This link is no longer valid. Ask the merchant for a new one.';

function mintAddCardLink(ctx: AppContext, customerId: string, replaces: string | undefined) {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ADD_CARD_LINK_TTL_MS);
  const token = signJwt(ctx.keys.tokenSigning, {
    aud: AUDIENCE,
    sub: customerId,
    ...(replaces ? { rep: replaces } : {}),
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return { link: `${ctx.config.publicUrl.replace(/\/+$/, '')}${addCardPagePath(token)}`, expiresAt };
}

/** The link a subscription's dunning e-mail carries: the customer adds a card that replaces `replaces`. */
export async function replaceCardLink(ctx: AppContext, customerId: string, replaces?: string): Promise<string> {
  return mintAddCardLink(ctx, customerId, replaces).link;
}

export async function sendReplaceCardLink(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  replaces: string | undefined,
): Promise<ReplaceCardLinkResult> {
  const customer = await requireCustomer(ctx, actor, customerId, 'edit');
  if (!customer.email) throw invalid('email', 'This customer has no e-mail address to send the link to.');
  const old = replaces ? await findSavedCard(ctx.db, replaces) : undefined;
  if (replaces && (!old || old.customerId !== customer.id || old.deletedAt)) {
    throw invalid('payment_method_id', 'This card is not saved for this customer.');
  }
  const { link, expiresAt } = mintAddCardLink(ctx, customer.id, old?.id);
  const merchant = (await findMerchantBrand(ctx.db, customer.merchantId))!;
  // In the customer's language (docs/i18n.md), English when the merchant set none.
  const { t } = emailTranslator(customer.locale);
  const why = old ? t('addCard.expiring', { card: cardLabel(old) }) : t('addCard.asks', { merchant: merchant.name });
  await ctx.mailer.send({
    to: customer.email,
    subject: t('addCard.subject', { merchant: merchant.name }),
    ...mailLines([
      t('mail.hello', { name: customer.name }),
      '',
      why,
      '',
      { text: (href) => t('addCard.addHere', { link: href }), href: link, label: t('addCard.link') },
      '',
    ]),
  });
  return { sent_to: customer.email, expires_at: expiresAt.toISOString() };
}

async function linkOf(ctx: AppContext, token: string) {
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(ctx.keys.tokenSigning, token, ctx.clock.now(), { aud: AUDIENCE });
  } catch {
    throw new AppError('business_rule', LINK_NOT_VALID);
  }
  const customer = typeof claims.sub === 'string' ? await findCustomerById(ctx.db, claims.sub) : undefined;
  if (!customer || customer.deletedAt) throw notFound(LINK_NOT_VALID);
  const replaces = typeof claims.rep === 'string' ? await findSavedCard(ctx.db, claims.rep) : undefined;
  return { customer, replaces: replaces && !replaces.deletedAt ? replaces : undefined, exp: claims.exp as number };
}

/**
 * The consent the page shows and the card keeps, in the holder's browser language (the request's
 * Accept-Language, docs/i18n.md): the words of the hosted fields' own save-card checkbox.
 */
const consentText = (language: string | undefined) => hostedFieldsTranslator(language).t('save.consent');

export async function getAddCardDetails(ctx: AppContext, token: string, language?: string): Promise<AddCardDetails> {
  const { customer, replaces, exp } = await linkOf(ctx, token);
  const merchant = (await findMerchantBrand(ctx.db, customer.merchantId))!;
  return {
    merchant_name: merchant.name,
    merchant_logo: merchant.logo,
    customer_name: customer.name,
    replaces: replaces ? toCheckoutSavedCard(replaces, ctx.clock.now()) : null,
    consent_text: consentText(language),
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** A card typed by its holder, to be kept for a customer without a payment. */
export interface CardToKeep {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  holder_name?: string;
}

/**
 * Saves a typed card at the merchant's card processor for this customer, without a payment, with the
 * consent the holder gave, and keeps it (docs/decisions/0023-saved-cards-live-at-the-processor.md).
 * `alongside` writes in the same transaction as the kept card. A decline is a business-rule refusal
 * with the processor's reason.
 */
export async function keepCardWithoutPayment(
  ctx: AppContext,
  customer: StoredCustomer,
  typed: CardToKeep,
  holder: string,
  consent: SaveConsent,
  alongside?: (db: DbOrTx, row: SavedCardRow) => Promise<unknown>,
): Promise<SavedCardRow> {
  const now = ctx.clock.now();
  const card = {
    number: typed.number,
    expMonth: typed.exp_month,
    expYear: typed.exp_year,
    cvv: typed.cvc,
    holderName: typed.holder_name ?? holder,
  };
  const errors = cardErrors(card, now);
  if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
  const setup = await loadPaymentSetup(ctx.db, ctx.keys, customer.merchantId, 'card');
  if (setup.mode !== customer.mode) {
    throw businessRule(
      `This customer pays in ${customer.mode} mode, and the merchant's card payments are ${setup.mode} now.`,
    );
  }
  const provider = ctx.providers(setup.provider, setup.processorConnection);
  if (!provider.saveCard) throw businessRule('The merchant’s payment service does not keep cards.');
  const answer = await provider.saveCard({
    reference: crypto.randomUUID(),
    customer: await vaultCustomerFor(ctx.db, customer, setup),
    card,
  });
  if (answer.status === 'declined') throw businessRule(answer.declineReason);
  const saved = answer.card;
  return ctx.db.transaction(async (db) => {
    const { row, created } = await insertSavedCard(db, {
      merchantId: customer.merchantId,
      customerId: customer.id,
      mode: customer.mode,
      provider: setup.provider,
      connectionId: setup.providerConnectionId,
      token: saved.token,
      processorCustomerId: saved.processorCustomerId ?? null,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      fingerprint: saved.fingerprint,
      consentAt: new Date(consent.at),
      consentPage: consent.page,
      consentText: consent.text,
    });
    if (created) await announceCard(ctx, db, null, row, 'payment_method.attached');
    await alongside?.(db, row);
    return row;
  });
}

/** Saves the card at the merchant's card processor (no payment) and retires the card it replaces. */
export async function addCardFromLink(
  ctx: AppContext,
  token: string,
  body: z.output<typeof addCardBody>,
  language?: string,
) {
  const { customer, replaces } = await linkOf(ctx, token);
  const now = ctx.clock.now();
  const holder = body.billing ? `${body.billing.firstName} ${body.billing.lastName}` : customer.name;
  const consent = {
    at: now.toISOString(),
    page: `${ctx.config.publicUrl.replace(/\/+$/, '')}${ADD_CARD_PAGE_PREFIX}`,
    text: consentText(language),
  };
  let retired: SavedCardRow | undefined;
  const row = await keepCardWithoutPayment(ctx, customer, body.card, holder, consent, async (db, kept) => {
    retired = replaces && replaces.id !== kept.id ? await markCardDeleted(db, replaces.id, now) : undefined;
    if (retired) await announceCard(ctx, db, null, retired, 'payment_method.detached');
  });
  if (retired) await forgetAtProcessor(ctx, retired, customer);
  return { card: toCheckoutSavedCard(row, now) };
}
