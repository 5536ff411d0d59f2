// Embed settings and the embed callback (spec 7): GET|POST /auth/embed-data/, POST
// /auth/embed-token/, and the public POST /auth/embed-callback/ (no bearer: the embed token is the
// credential, ARCHITECTURE 4).
import { envelope } from '@kassa/contract/common';
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
import {
  embedCallback,
  getEmbedData,
  requireEmbedSettingsAccess,
  rotateEmbedToken,
  saveEmbedData,
} from './embed.service.ts';

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
      result: await embedCallback(ctx, req.body, req.headers['user-agent']),
    }),
  );

  await base.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

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
