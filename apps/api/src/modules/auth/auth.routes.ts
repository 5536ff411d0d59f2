// Sign-in and session endpoints (docs/ARCHITECTURE.md; docs/product-rules.md#api-calls rows for token/refresh and logout).
import {
  loginBody,
  loginResult,
  logoutBody,
  refreshBody,
  refreshResult,
  resendOtpBody,
  resendOtpResult,
  tokensResult,
  verifyOtpBody,
} from '@kassa/contract/auth';
import { envelope, messageEnvelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { LOGIN_RATE_LIMIT, OTP_RATE_LIMIT } from './rate-limits.ts';
import { endSession, rotateRefreshToken } from './session.service.ts';
import { resendOtp, signIn, verifyOtp } from './sign-in.service.ts';

export default async function authRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/auth/login/',
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: { tags, body: loginBody, response: { 200: envelope(loginResult) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await signIn(ctx, { ...request.body, userAgent: request.headers['user-agent'] }),
    }),
  );

  app.post(
    '/auth/verify-otp/',
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: { tags, body: verifyOtpBody, response: { 200: envelope(tokensResult) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await verifyOtp(ctx, {
        otpToken: request.body.otp_token,
        code: request.body.code,
        method: request.body.method,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );

  app.post(
    '/auth/resend-otp/',
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: { tags, body: resendOtpBody, response: { 200: envelope(resendOtpResult) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await resendOtp(ctx, request.body.otp_token),
      message: 'A new code is on its way.',
    }),
  );

  app.post(
    '/auth/token/refresh/',
    { schema: { tags, body: refreshBody, response: { 200: envelope(refreshResult) } } },
    async (request) => ({ status: 'success' as const, result: await rotateRefreshToken(ctx, request.body.refresh) }),
  );

  // Bearer optional: a client whose access token already expired must still be able to sign out.
  app.post(
    '/auth/logout/',
    { schema: { tags, body: logoutBody, response: { 200: messageEnvelope } } },
    async (request) => {
      await endSession(ctx, request.body.refresh_token, request.headers.authorization);
      return { status: 'success' as const, message: 'Signed out.' };
    },
  );
}
