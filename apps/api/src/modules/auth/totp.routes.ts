// Two-step sign-in settings of the signed-in user: an authenticator app and its recovery codes
// (totp.service.ts). Account changes, so a full session only, never an embedded one.
import { recoveryCodesResult, totpConfirmBody, totpEnrolment, totpProofBody, totpStatus } from '@kassa/contract/auth';
import { envelope, messageEnvelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { fullSession } from '../../lib/route-access.ts';
import { confirmTotp, getTotpStatus, regenerateRecoveryCodes, removeTotp, startTotpEnrolment } from './totp.service.ts';

export default async function totpRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['auth'], security: [{ bearer: [] }] };
  // The routes a session that owes a required second factor may still use (plugins/auth.ts).
  const config = { access: fullSession, enrolment: true };

  app.get(
    '/auth/totp/',
    { config, schema: { ...common, response: { 200: envelope(totpStatus) } } },
    async (request) => ({
      status: 'success' as const,
      result: await getTotpStatus(ctx, request.actor),
    }),
  );

  app.post(
    '/auth/totp/',
    { config, schema: { ...common, response: { 200: envelope(totpEnrolment) } } },
    async (request) => ({
      status: 'success' as const,
      result: await startTotpEnrolment(ctx, request.actor),
    }),
  );

  app.post(
    '/auth/totp/confirm/',
    { config, schema: { ...common, body: totpConfirmBody, response: { 200: envelope(recoveryCodesResult) } } },
    async (request) => ({
      status: 'success' as const,
      result: await confirmTotp(ctx, request.actor, request.body.code),
      message: 'The authenticator app is set up. Keep your recovery codes somewhere safe.',
    }),
  );

  app.delete(
    '/auth/totp/',
    { config, schema: { ...common, body: totpProofBody, response: { 200: messageEnvelope } } },
    async (request) => {
      await removeTotp(ctx, request.actor, request.body);
      return { status: 'success' as const, message: 'The authenticator app was removed.' };
    },
  );

  app.post(
    '/auth/totp/recovery-codes/',
    { config, schema: { ...common, body: totpProofBody, response: { 200: envelope(recoveryCodesResult) } } },
    async (request) => ({
      status: 'success' as const,
      result: await regenerateRecoveryCodes(ctx, request.actor, request.body),
      message: 'New recovery codes are ready. The old ones no longer work.',
    }),
  );
}
