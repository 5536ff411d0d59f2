// GET|POST /gift-card/: sandbox gift cards of the merchant (Payment Connections app).
import { APP } from '@kassa/contract/access';
import { listQuery } from '@kassa/contract/common';
import { giftCardView, issuedGiftCard, issueGiftCardBody } from '@kassa/contract/connections';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { issueGiftCard, listGiftCards } from './gift-cards.service.ts';

export default async function giftCardRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const giftCards = resourceRoutes(base, '/gift-card/', ['gift cards']);
  giftCards.list(
    { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'view') },
    { query: listQuery, item: giftCardView },
    (actor, query) => listGiftCards(ctx, actor, query),
  );
  giftCards.create(
    { access: merchantApp(APP.PAYMENT_CONNECTIONS, 'create') },
    { body: issueGiftCardBody, item: issuedGiftCard },
    (actor, body) => issueGiftCard(ctx, actor, body),
    'Gift card issued. Note the PIN: it is shown only once.',
  );
}
