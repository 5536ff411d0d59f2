import { auditEntry, auditListQuery } from '@kassa/contract/audit';
import { envelope, idParam, page } from '@kassa/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { adminView } from '../../lib/route-access.ts';
import { listMerchantAudit } from './audit.service.ts';

export default async function auditRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/merchant/:id/audit/',
    {
      config: { access: adminView('view_merchant') },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: idParam,
        querystring: auditListQuery,
        response: { 200: envelope(page(auditEntry)) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await listMerchantAudit(ctx, req.actor, req.params.id, req.query),
    }),
  );
}
