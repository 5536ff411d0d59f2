// Signed requests between Kassa and financing partners (docs/ARCHITECTURE.md "Financing Hub"): HMAC-SHA256
// with the partner's shared secret over `${timestamp}.${body}`, hex in x-kassa-signature, the Unix
// time in seconds in x-kassa-timestamp. A GET signs an empty body. The same rule both ways.
import { SIGNATURE_WINDOW_S } from '@kassa/contract/financing';
import { hmacHex, safeEqual } from '../../lib/keys.ts';

export const signatureBase = (timestamp: number, body: string) => `${timestamp}.${body}`;

export const signRequest = (secret: string, timestamp: number, body: string) =>
  hmacHex(secret, signatureBase(timestamp, body));

export type SignatureCheck = 'ok' | 'mismatch' | 'outside_window';

export function checkSignature(input: {
  secret: string;
  timestamp: number;
  signature: string;
  body: string;
  now: Date;
}): SignatureCheck {
  // Constant-time compare: how much of a guess matched must not show in the response time.
  if (!safeEqual(signRequest(input.secret, input.timestamp, input.body), input.signature.toLowerCase())) {
    return 'mismatch';
  }
  const skew = Math.abs(Math.floor(input.now.getTime() / 1000) - input.timestamp);
  return skew <= SIGNATURE_WINDOW_S ? 'ok' : 'outside_window';
}
