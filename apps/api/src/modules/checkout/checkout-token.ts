// The checkout token is a signed, short-lived (30 min) checkout session: its id, and everything that
// fixes merchant, amount, currency and what is bought. The buyer's browser holds it; nothing in it can
// change the amount without breaking the signature. Opening a checkout writes nothing: the session
// row is written by the first payment attempt, in that attempt's own database transaction, from these
// signed facts (so a buyer who never pays costs no row and no commit).
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

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

// jose turns raw key bytes into a WebCrypto key on every sign and verify; a payment signs and
// verifies once each, so the key is imported once per signing key instead.
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(key: Uint8Array): Promise<CryptoKey> {
  let imported = hmacKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      key as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    hmacKeys.set(key, imported);
  }
  return imported;
}

export async function signCheckoutToken(key: Uint8Array, claims: CheckoutClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const facts = claims.session
    ? {
        ...claims.session,
        createdAt: claims.session.createdAt.getTime(),
        expiresAt: claims.session.expiresAt.getTime(),
      }
    : undefined;
  return new SignJWT({ sec: claims.section, ...(facts ? { cs: facts } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sessionId)
    .setAudience('kassa-checkout')
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHECKOUT_TOKEN_TTL_S)
    .sign(await hmacKey(key));
}

export async function verifyCheckoutToken(key: Uint8Array, token: string, now: Date): Promise<CheckoutClaims> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      audience: 'kassa-checkout',
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || (payload.sec !== 'card' && payload.sec !== 'noncard'))
      throw new Error('claims');
    const cs = payload.cs as
      | (Omit<CheckoutSessionFacts, 'createdAt' | 'expiresAt'> & Record<string, unknown>)
      | undefined;
    if (cs !== undefined && (typeof cs !== 'object' || typeof cs.amount !== 'number')) throw new Error('claims');
    const session = cs
      ? { ...cs, createdAt: new Date(cs.createdAt as number), expiresAt: new Date(cs.expiresAt as number) }
      : undefined;
    return { sessionId: payload.sub, section: payload.sec, ...(session ? { session } : {}) };
  } catch {
    throw new AppError('business_rule', 'This checkout session has expired. Reload the page to start again.');
  }
}
