// The signed-in devices of the caller, and signing a user out everywhere (sessions.service.ts).
import { ROLE } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import { authSessionList, signedOutCount } from '@kassa/contract/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import { forbidden } from '../../lib/app-error.ts';
import { type AccessRule, fullSession, signedIn } from '../../lib/route-access.ts';
import { listSessions, signOutOtherSessions, signOutSession, signOutUserEverywhere } from './sessions.service.ts';

/** Signing another user out: the platform admin for anyone, a merchant owner for its own users (the service checks whom). */
const userSignOut: AccessRule = (actor) => {
  requireFullSession(actor);
  if (actor.role !== ROLE.PLATFORM_ADMIN && actor.role !== ROLE.MERCHANT_OWNER) throw forbidden();
};

export default async function sessionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  app.get(
    '/auth/sessions/',
    {
      // With signing out, open while a required second factor is owed (plugins/auth.ts).
      config: { access: signedIn, enrolment: true },
      schema: { ...common, response: { 200: envelope(authSessionList) } },
    },
    async (request) => ({ status: 'success' as const, result: { sessions: await listSessions(ctx, request.actor) } }),
  );

  app.delete(
    '/auth/sessions/:id/',
    {
      config: { access: fullSession, enrolment: true },
      schema: { ...common, params: idParam, response: { 200: messageEnvelope } },
    },
    async (request) => {
      await signOutSession(ctx, request.actor, request.params.id);
      return { status: 'success' as const, message: 'That device was signed out.' };
    },
  );

  app.post(
    '/auth/sessions/sign-out-others/',
    {
      config: { access: fullSession, enrolment: true },
      schema: { ...common, response: { 200: envelope(signedOutCount) } },
    },
    async (request) => {
      const n = await signOutOtherSessions(ctx, request.actor);
      return {
        status: 'success' as const,
        result: { signed_out: n },
        message:
          n === 0 ? 'No other device was signed in.' : `Signed out on ${n} other ${n === 1 ? 'device' : 'devices'}.`,
      };
    },
  );

  app.post(
    '/auth/sessions/users/:id/sign-out/',
    {
      config: { access: userSignOut },
      schema: { ...common, params: idParam, response: { 200: envelope(signedOutCount) } },
    },
    async (request) => {
      const n = await signOutUserEverywhere(ctx, request.actor, request.params.id);
      return {
        status: 'success' as const,
        result: { signed_out: n },
        message: 'The user was signed out on every device.',
      };
    },
  );
}
