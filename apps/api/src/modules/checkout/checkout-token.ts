// The checkout token is a signed, short-lived (30 min) reference to a checkout session row that fixes
// merchant, amount, currency and what is bought (ARCHITECTURE "Payments"). The buyer's browser holds
// it; nothing in it can change the amount.
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

export const CHECKOUT_TOKEN_TTL_S = 30 * 60;
export type CheckoutSection = 'card' | 'noncard';

export interface CheckoutClaims {
  sessionId: string;
  section: CheckoutSection;
}

export async function signCheckoutToken(key: Uint8Array, claims: CheckoutClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sec: claims.section })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sessionId)
    .setAudience('kassa-checkout')
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHECKOUT_TOKEN_TTL_S)
    .sign(key);
}

export async function verifyCheckoutToken(key: Uint8Array, token: string, now: Date): Promise<CheckoutClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: 'kassa-checkout',
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || (payload.sec !== 'card' && payload.sec !== 'noncard'))
      throw new Error('claims');
    return { sessionId: payload.sub, section: payload.sec };
  } catch {
    throw new AppError('business_rule', 'This checkout session has expired. Reload the page to start again.');
  }
}
