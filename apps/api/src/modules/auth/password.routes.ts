// Password endpoints (docs/ARCHITECTURE.md; docs/product-rules.md#api-calls row for change-password).
import {
  changePasswordBody,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBody,
  INVITATION_ACCEPTED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  resetPasswordBody,
  resetPasswordResult,
} from '@kassa/contract/auth';
import { messageEnvelope } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { runDetached, settleDetachedWork } from '../../lib/detached-work.ts';
import { fullSession } from '../../lib/route-access.ts';
import { changePassword, resetPassword, sendPasswordReset } from './password.service.ts';
import { CHANGE_PASSWORD_RATE_LIMIT, FORGOT_PASSWORD_RATE_LIMIT } from './rate-limits.ts';
import { signInAfterInvitation } from './sign-in.service.ts';

export default async function passwordRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Reset mails already promised finish before the database closes.
  base.addHook('onClose', settleDetachedWork);

  app.post(
    '/auth/forgot-password/',
    {
      config: { rateLimit: FORGOT_PASSWORD_RATE_LIMIT },
      schema: { tags, body: forgotPasswordBody, response: { 200: messageEnvelope } },
    },
    async (request) => {
      const { email } = request.body;
      runDetached(request.log, 'Sending a password reset e-mail', () => sendPasswordReset(ctx, email));
      return { status: 'success' as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password/',
    { schema: { tags, body: resetPasswordBody, response: { 200: resetPasswordResult } } },
    async (request) => {
      const { userId, invitation } = await resetPassword(ctx, request.body);
      if (!invitation) return { status: 'success' as const, message: PASSWORD_RESET_MESSAGE, result: null };
      const session = await signInAfterInvitation(ctx, userId, request.headers['user-agent']);
      return { status: 'success' as const, message: INVITATION_ACCEPTED_MESSAGE, result: session };
    },
  );

  app.post(
    '/auth/change-password/',
    {
      config: { access: fullSession, rateLimit: CHANGE_PASSWORD_RATE_LIMIT },
      schema: { tags, security: [{ bearer: [] }], body: changePasswordBody, response: { 200: messageEnvelope } },
    },
    async (request) => {
      await changePassword(ctx, request.actor, {
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return { status: 'success' as const, message: PASSWORD_CHANGED_MESSAGE };
    },
  );
}
