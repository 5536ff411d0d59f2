// GET /dashboard/summary/ (ARCHITECTURE 5).
import { envelope } from '@kassa/contract/common';
import { dashboardQuery, dashboardSummary as summarySchema } from '@kassa/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dashboardSummary } from './dashboard.service.ts';

export default async function dashboardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dashboard/summary/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        querystring: dashboardQuery,
        response: { 200: envelope(summarySchema) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await dashboardSummary(ctx, req.actor, req.query) }),
  );
}
