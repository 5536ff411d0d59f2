// Pure helpers of the one-time code step (docs/ARCHITECTURE.md: 6 digits, 10 minutes, 5 tries).
import { randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@kassa/contract/auth';
import { hashToken } from '../../lib/keys.ts';

/** A uniformly random 6-digit code, leading zeros kept. */
export const generateOtpCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/**
 * The stored code hash is bound to the challenge token, which is never stored in clear: a leaked
 * table row cannot be brute-forced over the million possible codes without the token.
 */
export const otpCodeHash = (challengeToken: string, code: string) => hashToken(`${challengeToken}:${code}`);

/** "alice@example.com" → "a***e@example.com": enough to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0]}***${domain}`;
  return `${local[0]}***${local.at(-1)}${domain}`;
}
