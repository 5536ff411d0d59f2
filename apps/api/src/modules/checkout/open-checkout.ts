// Opening a checkout session: the session's facts, signed into one token per payment section. Every
// checkout a buyer opens (checkout.service.ts) and the Virtual Terminal's come through here.
import type { CheckoutTokenData } from '@kassa/contract/checkout';
import type { StoreOption } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { cardPaymentMode } from '../connections/connections.service.ts';
import { findEnabledConnectionKinds } from './checkout.queries.ts';
import { type CheckoutSessionFacts, signCheckoutToken } from './checkout-token.ts';

export const CHECKOUT_SESSION_TTL_MS = 30 * MINUTE;

export interface OpenCheckout {
  merchantId: string;
  /** Capture at once (every buyer checkout), or authorize only (the Virtual Terminal may ask for it). */
  intent?: 'authorize' | 'capture';
  country: string;
  kind: 'product' | 'quick_payment' | 'invoice' | 'virtual_terminal';
  productId?: string;
  quickPaymentId?: string;
  invoiceId?: string;
  quantity?: number;
  amount: number;
  currency: string;
  description: string;
  comment: string | null;
  metadata: Record<string, string>;
  createdBy?: string;
  /** A customer the merchant named (API key or portal session): binds its saved cards to the checkout. */
  customerId?: string;
  /** The buyer id the caller gave (the merchant's customer reference). */
  buyerReference?: string;
  /** The merchant itself gave the buyer id (an API key or a portal session), not a browser. */
  buyerReferenceTrusted?: boolean;
  store?: StoreOption;
}

/**
 * Opens a checkout session and signs one token per payment section: card always, non-card only when
 * the merchant has a digital wallet connected (docs/product-rules.md#checkout-payment-panel: a section shows only when its embed data exists).
 * Nothing is written: the session travels signed in the tokens until the first payment attempt
 * records it (checkout-token.ts).
 */
export async function openCheckout(
  ctx: AppContext,
  input: OpenCheckout,
  /** The merchant's enabled connection kinds when the caller read them already. */
  knownKinds?: readonly string[],
): Promise<CheckoutTokenData> {
  const now = ctx.clock.now();
  const kinds = knownKinds ?? (await findEnabledConnectionKinds(ctx.db, input.merchantId)).map((c) => c.kind);
  const hasWallet = kinds.includes('digital_wallet');
  // Without a payment service the built-in sandbox takes the card: test money, and no query to ask.
  const testMode =
    !kinds.includes('payment_service') || (await cardPaymentMode(ctx.db, ctx.keys, input.merchantId)) === 'test';
  const session: CheckoutSessionFacts = {
    merchantId: input.merchantId,
    kind: input.kind,
    productId: input.productId ?? null,
    quickPaymentId: input.quickPaymentId ?? null,
    invoiceId: input.invoiceId ?? null,
    quantity: input.quantity ?? 1,
    amount: input.amount,
    currency: input.currency,
    country: input.country,
    intent: input.intent ?? 'capture',
    buyerId: crypto.randomUUID(),
    customerId: input.customerId ?? null,
    buyerReference: input.buyerReference ?? null,
    buyerReferenceTrusted: input.buyerReference ? input.buyerReferenceTrusted === true : false,
    store: input.store ?? null,
    metadata: input.metadata,
    description: input.description,
    createdBy: input.createdBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
  };
  const sessionId = crypto.randomUUID();
  const base = {
    amount: session.amount,
    intent: session.intent,
    currency: session.currency,
    country: session.country,
    buyer_id: session.buyerId,
  };
  // docs/product-rules.md#entities: card variants of the metadata keys carry a _card suffix.
  const cardMetadata = Object.fromEntries(Object.entries(input.metadata).map(([k, v]) => [`${k}_card`, v]));
  const sign = (section: 'card' | 'noncard') =>
    signCheckoutToken(ctx.keys.tokenSigning, { sessionId, section, session }, now);
  return {
    merchant_id: input.merchantId,
    token_card: await sign('card'),
    token: hasWallet ? await sign('noncard') : null,
    embed_data_card: { ...base, metadata: cardMetadata },
    embed_data: hasWallet ? { ...base, metadata: input.metadata } : null,
    comment: input.comment,
    expires_at: session.expiresAt.toISOString(),
    gift_cards_accepted: kinds.includes('gift_card'),
    test_mode: testMode,
  };
}
