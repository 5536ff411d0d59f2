// Per-route rate limits (docs/ARCHITECTURE.md, login, codes, forgot-password). They run as a
// preHandler so the key can include the validated body: limiting sign-in per address *and* e-mail
// stops guessing one account's password without letting one noisy office lock out everyone else.
// The address is the connection's unless KASSA_TRUSTED_PROXIES names the proxies in front; limits a
// change of address must not escape are counted per account (account-limits.ts).
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { MINUTE } from '../../lib/clock.ts';
import { hashToken } from '../../lib/keys.ts';

const field = (request: FastifyRequest, name: string) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.toLowerCase() : '';
};

const byIpAnd = (scope: string, name: string) => (request: FastifyRequest) =>
  `${scope}:${request.ip}:${hashToken(field(request, name))}`;

export const LOGIN_RATE_LIMIT: RateLimitOptions = {
  max: 10,
  timeWindow: 15 * MINUTE,
  hook: 'preHandler',
  keyGenerator: byIpAnd('login', 'email'),
};

/** Codes: 5 wrong tries already void a challenge; this caps the requests hammering one challenge. */
export const OTP_RATE_LIMIT: RateLimitOptions = {
  max: 10,
  timeWindow: 10 * MINUTE,
  hook: 'preHandler',
  keyGenerator: byIpAnd('otp', 'otp_token'),
};

export const FORGOT_PASSWORD_RATE_LIMIT: RateLimitOptions = {
  max: 5,
  timeWindow: 60 * MINUTE,
  hook: 'preHandler',
  keyGenerator: byIpAnd('forgot', 'email'),
};

/** change-password checks the current password: a stolen access token must not become a guessing oracle. */
export const CHANGE_PASSWORD_RATE_LIMIT: RateLimitOptions = {
  max: 10,
  timeWindow: 15 * MINUTE,
  hook: 'preHandler',
  keyGenerator: (request) => `change-password:${request.actor?.userId ?? request.ip}`,
};
