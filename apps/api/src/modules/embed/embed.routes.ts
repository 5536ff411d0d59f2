// Embed settings and the embed callback (docs/product-rules.md#api-calls): GET|POST /auth/embed-data/, POST
// /auth/embed-token/, POST /embed/sessions/ (an API key with embed:write mints a one-time session),
// and the public POST /auth/embed-callback/ (no bearer: the one-time embed session token is the
// credential, checked against the caller's origin, docs/ARCHITECTURE.md#api-conventions).
import { envelope } from '@kassa/contract/common';
import { embedSessionBody, embedSessionResult } from '@kassa/contract/developers';
import {
  embedCallbackBody,
  embedCallbackResult,
  embedDataBody,
  embedDetails,
  embedTokenResult,
} from '@kassa/contract/embed';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getEmbedData, requireEmbedSettingsAccess, rotateEmbedToken, saveEmbedData } from './embed.service.ts';
import { embedCallback, mintEmbedSession, requireEmbedSessionMinter } from './embed-sessions.service.ts';

export default async function embedRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const tags = ['embed'];

  base.withTypeProvider<ZodTypeProvider>().post(
    '/auth/embed-callback/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: embedCallbackBody, response: { 200: envelope(embedCallbackResult) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await embedCallback(ctx, req.body, {
        origin: req.headers.origin,
        referer: req.headers.referer,
        host: req.headers.host,
        userAgent: req.headers['user-agent'],
      }),
    }),
  );

  await base.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.post(
      '/embed/sessions/',
      {
        config: { access: requireEmbedSessionMinter, scope: 'embed:write' },
        schema: { tags, security, body: embedSessionBody, response: { 201: envelope(embedSessionResult) } },
      },
      async (req, reply) => {
        const result = await mintEmbedSession(ctx, req.actor, req.body);
        return reply.status(201).send({ status: 'success' as const, result });
      },
    );

    app.get(
      '/auth/embed-data/',
      {
        config: { access: requireEmbedSettingsAccess },
        schema: { tags, security, response: { 200: envelope(z.array(embedDetails)) } },
      },
      async (req) => ({ status: 'success' as const, result: await getEmbedData(ctx, req.actor) }),
    );

    app.post(
      '/auth/embed-data/',
      {
        config: { access: requireEmbedSettingsAccess },
        schema: { tags, security, body: embedDataBody, response: { 200: envelope(embedDetails) } },
      },
      async (req) => ({
        status: 'success' as const,
        result: await saveEmbedData(ctx, req.actor, req.body),
        message: 'Embed settings saved.',
      }),
    );

    app.post(
      '/auth/embed-token/',
      {
        config: { access: requireEmbedSettingsAccess },
        schema: { tags, security, response: { 200: envelope(embedTokenResult) } },
      },
      async (req) => ({
        status: 'success' as const,
        result: await rotateEmbedToken(ctx, req.actor),
        message: 'A new embed token was generated. Update the snippet on your site.',
      }),
    );
  });
}
