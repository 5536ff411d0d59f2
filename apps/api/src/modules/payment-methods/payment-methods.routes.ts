// A customer's saved cards (docs/decisions/0023-saved-cards-live-at-the-processor.md): listed and removed
// by the merchant under the customers' app and scopes (customers.service.ts), and what a checkout's
// hosted fields may offer (public: the checkout token is the credential).

import { APP } from '@kassa/contract/access';
import { addCardBody, addCardResult, chargeResult, checkoutCardSession } from '@kassa/contract/checkout';
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import { pickLocale } from '@kassa/contract/i18n/locales';
import {
  addCardDetails,
  addCardTokenHeaders,
  authenticatePaymentDetails,
  authenticatePaymentHeaders,
  cardSyncResult,
  paymentMethodParams,
  replaceCardLinkBody,
  replaceCardLinkResult,
  savedCardList,
} from '@kassa/contract/saved-cards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearer } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { nextRecurringChargeOf } from '../recurring-invoices/recurring-invoices.service.ts';
import { nextRenewalChargeOf } from '../subscriptions/subscriptions.service.ts';
import { addCardFromLink, getAddCardDetails, sendReplaceCardLink } from './add-card.service.ts';
import { getAuthenticatePaymentDetails, payAuthenticatedCharge } from './authenticate-payment.service.ts';
import {
  deleteCustomerPaymentMethod,
  listCustomerPaymentMethods,
  checkoutCardSession as readCheckoutCardSession,
} from './payment-methods.service.ts';
import { syncCustomerCards } from './sync-cards.service.ts';

/** The customer's next charge made without them: the earlier of their subscriptions' and recurring invoices'. */
async function nextAutomaticCharge(ctx: AppContext, customerId: string): Promise<Date | null> {
  const planned = await Promise.all([
    nextRenewalChargeOf(ctx.db, customerId),
    nextRecurringChargeOf(ctx.db, customerId),
  ]);
  const dates = planned.filter((at): at is Date => at !== null);
  return dates.length > 0 ? new Date(Math.min(...dates.map((at) => at.getTime()))) : null;
}

export default async function paymentMethodRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  app.get(
    '/customer/:id/payment-method/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'view'), scope: 'customers:read' },
      schema: {
        tags,
        security: bearer,
        summary: 'List a customer’s saved cards',
        params: idParam,
        response: { 200: envelope(savedCardList) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await listCustomerPaymentMethods(ctx, req.actor, req.params.id, (customerId) =>
        nextAutomaticCharge(ctx, customerId),
      ),
    }),
  );

  app.delete(
    '/customer/:id/payment-method/:pm/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'delete'), scope: 'customers:write' },
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a saved card (the processor forgets it too)',
        params: paymentMethodParams,
        response: { 200: messageEnvelope },
      },
    },
    async (req) => {
      const { message, forgotten } = await deleteCustomerPaymentMethod(ctx, req.actor, req.params.id, req.params.pm);
      if (!forgotten)
        req.log.warn({ savedCardId: req.params.pm }, 'the processor did not confirm a saved card removal');
      return { status: 'success' as const, message };
    },
  );

  app.post(
    '/customer/:id/payment-method/sync/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'edit'), scope: 'customers:write' },
      schema: {
        tags,
        security: bearer,
        summary: 'Check the saved cards against what their processors keep now (removed there, renewed expiry)',
        params: idParam,
        response: { 200: envelope(cardSyncResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await syncCustomerCards(ctx, req.actor, req.params.id, (provider, err) =>
        req.log.warn({ err, provider }, 'a processor could not list saved cards'),
      ),
    }),
  );

  app.post(
    '/customer/:id/payment-method/replace-link/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'edit'), scope: 'customers:write' },
      schema: {
        tags,
        security: bearer,
        summary: 'E-mail the customer a link to add a card (replacing an expiring one)',
        params: idParam,
        body: replaceCardLinkBody,
        response: { 200: envelope(replaceCardLinkResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await sendReplaceCardLink(ctx, req.actor, req.params.id, req.body?.payment_method_id),
    }),
  );

  app.get(
    '/pay/add-card/',
    { schema: { tags: ['payments'], headers: addCardTokenHeaders, response: { 200: envelope(addCardDetails) } } },
    async (req) => ({
      status: 'success' as const,
      result: await getAddCardDetails(ctx, req.headers['x-add-card-token'], req.headers['accept-language']),
    }),
  );

  app.post(
    '/pay/add-card/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        headers: addCardTokenHeaders,
        body: addCardBody,
        response: { 200: envelope(addCardResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await addCardFromLink(ctx, req.headers['x-add-card-token'], req.body, req.headers['accept-language']),
    }),
  );

  app.get(
    '/pay/authenticate/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The declined charge an e-mailed link lets the customer pay themselves',
        headers: authenticatePaymentHeaders,
        response: { 200: envelope(authenticatePaymentDetails) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await getAuthenticatePaymentDetails(ctx, req.headers['x-authenticate-token']),
    }),
  );

  app.post(
    '/pay/authenticate/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Pay the declined charge with the same saved card, the customer present (3-D Secure)',
        headers: authenticatePaymentHeaders,
        response: { 200: envelope(chargeResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await payAuthenticatedCharge(ctx, req.headers['x-authenticate-token']),
    }),
  );

  app.get(
    '/pay/session/',
    {
      schema: {
        tags: ['payments'],
        summary: 'What the hosted fields offer: saving the card, and the bound customer’s saved cards',
        headers: z.object({ 'x-checkout-token': z.string().min(10).max(2000) }),
        response: { 200: envelope(checkoutCardSession) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      // The subscription's terms in the buyer's language, as the subscribe call records them.
      result: await readCheckoutCardSession(
        ctx,
        req.headers['x-checkout-token'],
        pickLocale(req.headers['accept-language']),
      ),
    }),
  );
}
