// GET|POST /gift-card/: sandbox gift cards of the merchant (Payment Connections app).
import { envelope, listQuery, page } from '@kassa/contract/common';
import { giftCardView, issuedGiftCard, issueGiftCardBody } from '@kassa/contract/connections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { issueGiftCard, listGiftCards } from './gift-cards.service.ts';

export default async function giftCardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['gift cards'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/gift-card/',
    { schema: { tags, security, querystring: listQuery, response: { 200: envelope(page(giftCardView)) } } },
    async (req) => ({ status: 'success' as const, result: await listGiftCards(ctx, req.actor, req.query) }),
  );

  app.post(
    '/gift-card/',
    { schema: { tags, security, body: issueGiftCardBody, response: { 201: envelope(issuedGiftCard) } } },
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
