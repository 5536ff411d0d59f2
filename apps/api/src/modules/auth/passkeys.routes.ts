// Passkeys and security keys of the signed-in user, and signing in with one (passkeys.service.ts).
// Adding, renaming and removing are account changes, so a full session only; the sign-in steps come
// before there is a token and are rate-limited like the code step.

import { tokensResult } from '@kassa/contract/auth';
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import {
  passkey,
  passkeyList,
  passkeyOptionsResult,
  passkeyRegistrationBody,
  passkeyRenameBody,
  passkeySignInBody,
  passkeySignInOptionsBody,
} from '@kassa/contract/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { fullSession } from '../../lib/route-access.ts';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  removeUserPasskey,
  renameUserPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service.ts';
import { OTP_RATE_LIMIT } from './rate-limits.ts';

export default async function passkeyRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const common = { tags, security: [{ bearer: [] }] };
  // The routes a session that owes a required second factor may still use (plugins/auth.ts).
  const config = { access: fullSession, enrolment: true };

  app.get(
    '/auth/passkeys/',
    { config, schema: { ...common, response: { 200: envelope(passkeyList) } } },
    async (request) => ({ status: 'success' as const, result: { passkeys: await listPasskeys(ctx, request.actor) } }),
  );

  app.post(
    '/auth/passkeys/registration/options/',
    { config, schema: { ...common, response: { 200: envelope(passkeyOptionsResult) } } },
    async (request) => ({ status: 'success' as const, result: await startPasskeyRegistration(ctx, request.actor) }),
  );

  app.post(
    '/auth/passkeys/registration/',
    { config, schema: { ...common, body: passkeyRegistrationBody, response: { 200: envelope(passkey) } } },
    async (request) => ({
      status: 'success' as const,
      result: await finishPasskeyRegistration(ctx, request.actor, request.body),
      message: 'The passkey was added. You can sign in with it now.',
    }),
  );

  app.patch(
    '/auth/passkeys/:id/',
    { config, schema: { ...common, params: idParam, body: passkeyRenameBody, response: { 200: envelope(passkey) } } },
    async (request) => ({
      status: 'success' as const,
      result: await renameUserPasskey(ctx, request.actor, request.params.id, request.body.name),
      message: 'The passkey was renamed.',
    }),
  );

  app.delete(
    '/auth/passkeys/:id/',
    { config, schema: { ...common, params: idParam, response: { 200: messageEnvelope } } },
    async (request) => {
      await removeUserPasskey(ctx, request.actor, request.params.id);
      return { status: 'success' as const, message: 'The passkey was removed.' };
    },
  );

  app.post(
    '/auth/passkeys/sign-in/options/',
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: { tags, body: passkeySignInOptionsBody, response: { 200: envelope(passkeyOptionsResult) } },
    },
    async (request) => ({ status: 'success' as const, result: await startPasskeySignIn(ctx, request.body.otp_token) }),
  );

  app.post(
    '/auth/passkeys/sign-in/',
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: { tags, body: passkeySignInBody, response: { 200: envelope(tokensResult) } },
    },
    async (request) => ({
      status: 'success' as const,
      result: await finishPasskeySignIn(ctx, request.body, request.headers['user-agent']),
    }),
  );
}
