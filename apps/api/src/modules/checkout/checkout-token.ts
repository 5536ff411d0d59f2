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
        // A copy: the kept claims are frozen, the caller's metadata is not.
        metadata: { ...claims.session.metadata },
        createdAt: claims.session.createdAt.getTime(),
        expiresAt: claims.session.expiresAt.getTime(),
      }
    : undefined;
  const payload = {
    sec: claims.section,
    ...(facts ? { cs: facts } : {}),
    sub: claims.sessionId,
    aud: 'kassa-checkout',
    iat,
    exp: expiresAt ? Math.min(exp, Math.floor(expiresAt.getTime() / 1000)) : exp,
  };
  const token = signJwt(key, payload);
  remember(key, token, payload);
  return token;
}

/**
 * Checkout tokens this process signed or verified lately, by their exact text, with their claims: a
 * buyer's charge often comes seconds after its token, to the process that signed it, and finding the
 * claims here spares decoding and verifying the token again (docs/benchmarks.md#latest-runs-postgresql).
 * Only a token whose text this key signed or verified gets in, so a hit is what verifying would have
 * returned; the expiry is still checked against the caller's clock. Bounded: the oldest goes first.
 */
const recentTokens = new WeakMap<Uint8Array, Map<string, Readonly<Record<string, unknown>>>>();
export const RECENT_TOKENS_KEPT = 4096;

function remember(key: Uint8Array, token: string, claims: Record<string, unknown>) {
  // Frozen as far as the claims are objects (the session's facts, its metadata): one request's code
  // cannot change what the next request with the same token reads.
  const cs = claims.cs as Record<string, unknown> | undefined;
  if (cs) {
    if (cs.metadata) Object.freeze(cs.metadata);
    Object.freeze(cs);
  }
  Object.freeze(claims);
  let recent = recentTokens.get(key);
  if (!recent) {
    recent = new Map();
    recentTokens.set(key, recent);
  }
  if (recent.size >= RECENT_TOKENS_KEPT) recent.delete(recent.keys().next().value!);
  recent.set(token, claims);
}

/** The token's claims, from the recent tokens or verified (signature, audience, expiry at `now`). */
function claimsOf(key: Uint8Array, token: string, now: Date): Readonly<Record<string, unknown>> {
  const known = recentTokens.get(key)?.get(token);
  if (known) {
    if (typeof known.exp !== 'number' || known.exp <= Math.floor(now.getTime() / 1000)) throw new Error('expired');
    return known;
  }
  const verified = verifyJwt(key, token, now, { aud: 'kassa-checkout' });
  remember(key, token, verified);
  return verified;
}

export async function verifyCheckoutToken(key: Uint8Array, token: string, now: Date): Promise<CheckoutClaims> {
  try {
    const payload = claimsOf(key, token, now);
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
