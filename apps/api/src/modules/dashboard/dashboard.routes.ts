// GET /dashboard/summary/ (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import { envelope } from '@kassa/contract/common';
import { dashboardQuery, dashboardSummary as summarySchema } from '@kassa/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { dashboardSummary } from './dashboard.service.ts';

export default async function dashboardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dashboard/summary/',
    {
      config: { access: merchantApp(APP.DASHBOARD, 'view') },
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
