// The checkout token is a signed, short-lived (30 min) checkout session: its id, and everything that
// fixes merchant, amount, currency and what is bought. The buyer's browser holds it; nothing in it can
// change the amount without breaking the signature. Opening a checkout writes nothing: the session
// row is written by the first payment attempt, in that attempt's own database transaction, from these
// signed facts (so a buyer who never pays costs no row and no commit).
import type { StoreOption } from '@kassa/contract/saved-cards';
import { AppError } from '../../lib/app-error.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';

export const CHECKOUT_TOKEN_TTL_S = 30 * 60;
export type CheckoutSection = 'card' | 'noncard';

/** What a checkout session row holds when it is opened. */
export interface CheckoutSessionFacts {
  merchantId: string;
  kind: 'product' | 'quick_payment' | 'invoice' | 'virtual_terminal';
  productId: string | null;
  quickPaymentId: string | null;
  invoiceId: string | null;
  quantity: number;
  amount: number;
  currency: string;
  country: string;
  intent: 'authorize' | 'capture';
  buyerId: string;
  /** The customer a merchant-minted token binds (never from a public request): its saved cards may pay. */
  customerId: string | null;
  /** The merchant's buyer id as given; from a public request it binds nothing. */
  buyerReference: string | null;
  /**
   * The merchant minted the buyer id (API key or portal session): a first save makes the customer of
   * that reference, or finds it. Never true for a buyer id a browser sent.
   */
  buyerReferenceTrusted: boolean;
  /** The widget's store option the merchant fixed when minting; null: the widget's own option applies. */
  store: StoreOption | null;
  metadata: Record<string, string>;
  description: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface CheckoutClaims {
  sessionId: string;
  section: CheckoutSection;
  /** Absent only in a token signed before sessions were opened lazily: its row already exists. */
  session?: CheckoutSessionFacts;
}

export async function signCheckoutToken(
  key: Uint8Array,
  claims: CheckoutClaims,
  now: Date,
  /** An earlier end than the usual 30 minutes (a token signed again for a session already open). */
  expiresAt?: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + CHECKOUT_TOKEN_TTL_S;
  const facts = claims.session
    ? {
        ...claims.session,
        createdAt: claims.session.createdAt.getTime(),
        expiresAt: claims.session.expiresAt.getTime(),
      }
    : undefined;
  return signJwt(key, {
    sec: claims.section,
    ...(facts ? { cs: facts } : {}),
    sub: claims.sessionId,
    aud: 'kassa-checkout',
    iat,
    exp: expiresAt ? Math.min(exp, Math.floor(expiresAt.getTime() / 1000)) : exp,
  });
}

export async function verifyCheckoutToken(key: Uint8Array, token: string, now: Date): Promise<CheckoutClaims> {
  try {
    const payload = verifyJwt(key, token, now, { aud: 'kassa-checkout' });
    if (typeof payload.sub !== 'string' || (payload.sec !== 'card' && payload.sec !== 'noncard'))
      throw new Error('claims');
    const cs = payload.cs as
      | (Omit<CheckoutSessionFacts, 'createdAt' | 'expiresAt'> & Record<string, unknown>)
      | undefined;
    if (cs !== undefined && (typeof cs !== 'object' || typeof cs.amount !== 'number')) throw new Error('claims');
    // A token signed before saved cards carries no customer, buyer reference or store option.
    const session = cs
      ? {
          ...cs,
          customerId: cs.customerId ?? null,
          buyerReference: cs.buyerReference ?? null,
          buyerReferenceTrusted: cs.buyerReferenceTrusted === true,
          store: cs.store ?? null,
          createdAt: new Date(cs.createdAt as number),
          expiresAt: new Date(cs.expiresAt as number),
        }
      : undefined;
    return { sessionId: payload.sub, section: payload.sec, ...(session ? { session } : {}) };
  } catch {
    throw new AppError('business_rule', 'This checkout session has expired. Reload the page to start again.');
  }
}
