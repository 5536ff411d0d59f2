import { envelope } from '@kassa/contract/common';
import { transactionDetail, transactionFilter, transactionPage } from '@kassa/contract/transactions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { adminView, transactionReader } from '../../lib/route-access.ts';
import { getTransactionDetail, searchTransactions } from './transactions.service.ts';
import { exportTransactionsCsv } from './transactions-export.ts';

export default async function transactionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  const security = [{ bearer: [] }];

  app.post(
    '/transaction/transaction-details/',
    {
      config: { access: transactionReader, scope: 'transactions:read' },
      schema: { tags, security, body: transactionFilter, response: { 200: envelope(transactionPage) } },
    },
    async (req) => ({ status: 'success' as const, result: await searchTransactions(ctx, req.actor, req.body) }),
  );

  app.post(
    '/transaction/export/',
    {
      config: { access: transactionReader, scope: 'transactions:read' },
      schema: { tags, security, body: transactionFilter },
    },
    async (req, reply) => {
      const stream = await exportTransactionsCsv(ctx, req.actor, req.body);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .send(stream);
    },
  );

  // One detail, two doors: the merchant's (sessions and API keys) and the back office's.
  const detail = (actor: Actor, id: string) => getTransactionDetail(ctx, actor, id);
  resourceRoutes(base, '/transaction/', tags).read(
    { access: transactionReader, scope: 'transactions:read' },
    { item: transactionDetail },
    detail,
  );
  resourceRoutes(base, '/admin/transaction/', tags).read(
    { access: adminView('view_transactions') },
    { item: transactionDetail },
    detail,
  );
}
