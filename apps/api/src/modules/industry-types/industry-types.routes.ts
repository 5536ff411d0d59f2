import { envelope, idParam, messageEnvelope, page } from '@kassa/contract/common';
import {
  industryType,
  industryTypeBody,
  industryTypeListQuery,
  industryTypePatch,
} from '@kassa/contract/industry-types';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { platformAdmin, signedIn } from '../../lib/route-access.ts';
import {
  createIndustryType,
  getIndustryType,
  listIndustryTypes,
  patchIndustryType,
  removeIndustryType,
} from './industry-types.service.ts';

const tags = ['industry types'];
const security = [{ bearer: [] }];

export default async function industryTypeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/connection/industry-type/',
    {
      config: { access: signedIn },
      schema: { tags, security, querystring: industryTypeListQuery, response: { 200: envelope(page(industryType)) } },
    },
    async (req) => ({ status: 'success' as const, result: await listIndustryTypes(ctx, req.query) }),
  );

  app.post(
    '/connection/industry-type/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, body: industryTypeBody, response: { 201: envelope(industryType) } },
    },
    async (req, reply) => {
      const result = await createIndustryType(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result, message: 'Industry type created.' });
    },
  );

  app.get(
    '/connection/industry-type/:id/',
    {
      config: { access: signedIn },
      schema: { tags, security, params: idParam, response: { 200: envelope(industryType) } },
    },
    async (req) => ({ status: 'success' as const, result: await getIndustryType(ctx, req.params.id) }),
  );

  app.patch(
    '/connection/industry-type/:id/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, body: industryTypePatch, response: { 200: envelope(industryType) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await patchIndustryType(ctx, req.actor, req.params.id, req.body),
      message: 'Industry type saved.',
    }),
  );

  app.delete(
    '/connection/industry-type/:id/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, response: { 200: messageEnvelope } },
    },
    async (req) => {
      await removeIndustryType(ctx, req.actor, req.params.id);
      return { status: 'success' as const, message: 'Industry type deleted.' };
    },
  );
}
