// Public checkout endpoints (docs/product-rules.md#api-calls): no bearer token; a buyer reaches them from a shared link.

import {
  checkoutTokenBody,
  checkoutTokenData,
  invoiceCheckoutDetails,
  invoiceCheckoutTokenBody,
  productCheckoutDetails,
  productTokenBody,
  quickPaymentCheckoutDetails,
} from '@kassa/contract/checkout';
import { envelope, idParam } from '@kassa/contract/common';
import type { StoreOption } from '@kassa/contract/saved-cards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { cachedDetailsJson } from '../../lib/details-cache.ts';
import { serializeWith } from '../../lib/typed-serializer.ts';
import {
  type CheckoutRequester,
  createInvoiceCheckout,
  createProductCheckout,
  createQuickPaymentCheckout,
  getInvoiceCheckoutDetails,
  getProductCheckoutDetails,
  getQuickPaymentCheckoutDetails,
} from './checkout.service.ts';
import { checkoutTokenAnswerJson } from './checkout-token-json.ts';

// The cached body is the envelope already checked against the route's schema and serialised: a
// string payload skips the serializer, and the typed send() cannot say so — hence `as never`.
const JSON_TYPE = 'application/json; charset=utf-8';

// Opening checkout sessions is cheap for a buyer and costs rows for us: bound it per address.
const tokenRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The buyer id and store option of a token request, and the caller's credential when it sent one. */
const requesterOf = (
  body: { buyer_id?: string; store?: StoreOption } | undefined,
  headers: { authorization?: string },
): CheckoutRequester => ({ buyerId: body?.buyer_id, store: body?.store, authorization: headers.authorization });

export default async function checkoutRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];

  app.get(
    '/product/checkout-details/:id/',
    { schema: { tags, params: idParam, response: { 200: envelope(productCheckoutDetails) } } },
    async (req, reply) => {
      const id = req.params.id;
      const body = await cachedDetailsJson(ctx.database, id, Date.now(), productCheckoutDetails, () =>
        getProductCheckoutDetails(ctx, id),
      );
      return reply.type(JSON_TYPE).send(body as never);
    },
  );
  app.post(
    '/product/get-checkout-token/:id/',
    {
      config: tokenRateLimit,
      schema: { tags, params: idParam, body: productTokenBody, response: { 200: envelope(checkoutTokenData) } },
      // A payment's first request: its answer is written by typed code (lib/typed-serializer.ts), as on
      // the other two token routes below.
      serializerCompiler: serializeWith(checkoutTokenAnswerJson),
    },
    async (req) => ({
      status: 'success' as const,
      result: await createProductCheckout(ctx, req.params.id, req.body.quantity, requesterOf(req.body, req.headers)),
    }),
  );

  app.get(
    '/quick-payment/checkout-details/:id/',
    { schema: { tags, params: idParam, response: { 200: envelope(quickPaymentCheckoutDetails) } } },
    async (req, reply) => {
      const id = req.params.id;
      const load = () => getQuickPaymentCheckoutDetails(ctx, id);
      const body = await cachedDetailsJson(ctx.database, id, Date.now(), quickPaymentCheckoutDetails, load);
      return reply.type(JSON_TYPE).send(body as never);
    },
  );
  app.post(
    '/quick-payment/get-checkout-token/:id/',
    {
      config: tokenRateLimit,
      schema: { tags, params: idParam, body: checkoutTokenBody, response: { 200: envelope(checkoutTokenData) } },
      serializerCompiler: serializeWith(checkoutTokenAnswerJson),
    },
    async (req) => ({
      status: 'success' as const,
      result: await createQuickPaymentCheckout(ctx, req.params.id, requesterOf(req.body, req.headers)),
    }),
  );

  app.get(
    '/invoice/checkout-details/:id/',
    { schema: { tags, params: idParam, response: { 200: envelope(invoiceCheckoutDetails) } } },
    async (req) => ({ status: 'success' as const, result: await getInvoiceCheckoutDetails(ctx, req.params.id) }),
  );
  app.post(
    '/invoice/get-checkout-token/:id/',
    {
      config: tokenRateLimit,
      schema: { tags, params: idParam, body: invoiceCheckoutTokenBody, response: { 200: envelope(checkoutTokenData) } },
      serializerCompiler: serializeWith(checkoutTokenAnswerJson),
    },
    async (req) => ({
      status: 'success' as const,
      result: await createInvoiceCheckout(ctx, req.params.id, requesterOf(req.body, req.headers), req.body?.amount),
    }),
  );
}
