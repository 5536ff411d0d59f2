// GET|POST /gift-card/: sandbox gift cards of the merchant (Payment Connections app).
import { APP } from '@kassa/contract/access';
import { envelope, listQuery, page } from '@kassa/contract/common';
import { giftCardView, issuedGiftCard, issueGiftCardBody } from '@kassa/contract/connections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { issueGiftCard, listGiftCards } from './gift-cards.service.ts';

export default async function giftCardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['gift cards'];
  const security = [{ bearer: [] }];

  app.get(
    '/gift-card/',
    {
      config: { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'view') },
      schema: { tags, security, querystring: listQuery, response: { 200: envelope(page(giftCardView)) } },
    },
    async (req) => ({ status: 'success' as const, result: await listGiftCards(ctx, req.actor, req.query) }),
  );

  app.post(
    '/gift-card/',
    {
      config: { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'create') },
      schema: { tags, security, body: issueGiftCardBody, response: { 201: envelope(issuedGiftCard) } },
    },
    async (req, reply) => {
      const result = await issueGiftCard(ctx, req.actor, req.body);
      return reply.status(201).send({
        status: 'success' as const,
        result,
        message: 'Gift card issued. Note the PIN: it is shown only once.',
      });
    },
  );
}
