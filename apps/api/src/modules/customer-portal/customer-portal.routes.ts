// The customer portal's API (docs/product-rules.md#customer-portal). Its routes declare no access
// rule and no bearer security: a merchant user's token or an API key opens none of them. The session
// is the portal cookie alone, checked on every route; the merchant's routes never read it. The one
// merchant route here (a sign-in link from the customer page) is an ordinary signed-in route.

import type { RateLimitOptions } from '@fastify/rate-limit';
import { APP } from '@kassa/contract/access';
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import {
  CUSTOMER_PORTAL_COOKIE,
  CUSTOMER_PORTAL_HINT_COOKIE,
  portalAddCardLink as portalAddCardLinkSchema,
  portalBrand as portalBrandSchema,
  portalCard,
  portalInvoice,
  portalLinkBody,
  portalLinkResult,
  portalMe as portalMeSchema,
  portalReceipt,
  portalSignInBody,
  portalSignInLinkBody,
  portalSubscription,
} from '@kassa/contract/customer-portal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { hashToken } from '../../lib/keys.ts';
import { bearer } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { sendPdf } from '../documents/documents.service.ts';
import {
  cancelPortalSubscription,
  createPortalLink,
  makePortalCardDefault,
  payPortalSubscription,
  portalAddCardLink,
  portalBrand,
  portalCards,
  portalInvoices,
  portalMe,
  portalReceiptPdf,
  portalReceipts,
  portalSessionOf,
  portalSubscriptions,
  removePortalCard,
  requestSignInLink,
  signInWithLink,
  signOut,
} from './customer-portal.service.ts';

/** The cookie goes only to the portal's own API paths. */
const COOKIE_PATH = '/apiv1/customer-portal/';

/** Sign-in links per address and e-mail, as the merchant sign-in's codes: no flooding one inbox. */
const LINK_RATE_LIMIT: RateLimitOptions = {
  max: 5,
  timeWindow: 15 * MINUTE,
  hook: 'preHandler',
  keyGenerator: (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `portal-link:${request.ip}:${hashToken(typeof email === 'string' ? email.toLowerCase() : '')}`;
  },
};

const ok = <T>(result: T) => ({ status: 'success' as const, result });
const cardParam = idParam;

export default async function customerPortalRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer-portal'];
  const secure = ctx.config.publicUrl.startsWith('https:');
  const session = (req: FastifyRequest) => portalSessionOf(ctx, req.cookies[CUSTOMER_PORTAL_COOKIE]);
  const clearCookie = (reply: FastifyReply) =>
    reply
      .clearCookie(CUSTOMER_PORTAL_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure })
      .clearCookie(CUSTOMER_PORTAL_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });

  app.post(
    '/customer/:id/portal-link/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'edit'), scope: 'customers:write' },
      schema: {
        tags: ['customers'],
        security: bearer,
        summary: 'E-mail the customer a sign-in link to their customer portal, or only answer it to copy',
        description:
          'The link works once, for 30 minutes, and opens only this customer’s subscriptions, invoices, receipts and saved cards.',
        params: idParam,
        body: portalLinkBody,
        response: { 200: envelope(portalLinkResult) },
      },
    },
    async (req) => ok(await createPortalLink(ctx, req.actor, req.params.id, req.body?.send_email ?? true)),
  );

  app.get(
    '/customer-portal/merchant/:id/',
    {
      schema: {
        tags,
        summary: 'Whose customer portal this is: the sign-in page’s branding',
        params: idParam,
        response: { 200: envelope(portalBrandSchema) },
      },
    },
    async (req) => ok(await portalBrand(ctx, req.params.id)),
  );

  app.post(
    '/customer-portal/merchant/:id/sign-in-link/',
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'E-mail a sign-in link to a customer of this merchant (the same answer for any address)',
        params: idParam,
        body: portalSignInLinkBody,
        response: { 200: messageEnvelope },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: await requestSignInLink(ctx, req.params.id, req.body.email, req.body.return_to),
    }),
  );

  app.post(
    '/customer-portal/sign-in/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Use an e-mailed sign-in link: starts the portal session (its cookie)',
        body: portalSignInBody,
        response: { 200: envelope(portalBrandSchema.pick({ merchant_id: true })) },
      },
    },
    async (req, reply) => {
      const { sessionToken, expiresAt, merchantId } = await signInWithLink(ctx, req.body.token);
      reply.setCookie(CUSTOMER_PORTAL_COOKIE, sessionToken, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
      // Not the session: which merchant's checkouts may ask for saved cards (customer-portal-rules.ts).
      reply.setCookie(CUSTOMER_PORTAL_HINT_COOKIE, merchantId, {
        path: '/',
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
      return ok({ merchant_id: merchantId });
    },
  );

  app.post(
    '/customer-portal/sign-out/',
    { schema: { tags, summary: 'End the portal session', response: { 200: messageEnvelope } } },
    async (req, reply) => {
      await signOut(ctx, req.cookies[CUSTOMER_PORTAL_COOKIE]);
      clearCookie(reply);
      return { status: 'success' as const, message: 'You are signed out.' };
    },
  );

  app.get(
    '/customer-portal/me/',
    { schema: { tags, summary: 'The signed-in customer', response: { 200: envelope(portalMeSchema) } } },
    async (req) => ok(await portalMe(ctx, await session(req))),
  );

  app.get(
    '/customer-portal/subscriptions/',
    {
      schema: {
        tags,
        summary: 'The customer’s subscriptions',
        response: { 200: envelope(z.array(portalSubscription)) },
      },
    },
    async (req) => ok(await portalSubscriptions(ctx, await session(req))),
  );

  app.post(
    '/customer-portal/subscriptions/:id/cancel/',
    {
      schema: {
        tags,
        summary: 'Cancel a subscription at the end of its period (when the merchant allows it)',
        params: idParam,
        response: { 200: envelope(portalSubscription) },
      },
    },
    async (req) => ok(await cancelPortalSubscription(ctx, await session(req), req.params.id)),
  );

  app.post(
    '/customer-portal/subscriptions/:id/pay/',
    {
      schema: {
        tags,
        summary: 'Pay an incomplete subscription’s first invoice with the default saved card (within 23 hours)',
        description:
          'Charges once whatever the number of clicks; a subscription already paid answers as it is. A declined card answers 422 with the reason.',
        params: idParam,
        response: { 200: envelope(portalSubscription) },
      },
    },
    async (req) => {
      const { subscription, message } = await payPortalSubscription(ctx, await session(req), req.params.id);
      return { status: 'success' as const, result: subscription, message };
    },
  );

  app.get(
    '/customer-portal/invoices/',
    { schema: { tags, summary: 'The customer’s invoices', response: { 200: envelope(z.array(portalInvoice)) } } },
    async (req) => ok(await portalInvoices(ctx, await session(req))),
  );

  app.get(
    '/customer-portal/receipts/',
    { schema: { tags, summary: 'The customer’s payments', response: { 200: envelope(z.array(portalReceipt)) } } },
    async (req) => ok(await portalReceipts(ctx, await session(req))),
  );

  app.get(
    '/customer-portal/receipts/:id/pdf/',
    { schema: { tags, summary: 'The receipt of one of the customer’s payments, as a PDF', params: idParam } },
    async (req, reply) => sendPdf(reply, await portalReceiptPdf(ctx, await session(req), req.params.id)),
  );

  app.get(
    '/customer-portal/cards/',
    { schema: { tags, summary: 'The customer’s saved cards', response: { 200: envelope(z.array(portalCard)) } } },
    async (req) => ok(await portalCards(ctx, await session(req))),
  );

  app.delete(
    '/customer-portal/cards/:id/',
    { schema: { tags, summary: 'Remove a saved card', params: cardParam, response: { 200: messageEnvelope } } },
    async (req) => ({
      status: 'success' as const,
      message: await removePortalCard(ctx, await session(req), req.params.id),
    }),
  );

  app.post(
    '/customer-portal/cards/:id/default/',
    {
      schema: {
        tags,
        summary: 'Make a saved card the default',
        params: cardParam,
        response: { 200: envelope(z.array(portalCard)) },
      },
    },
    async (req) => ok(await makePortalCardDefault(ctx, await session(req), req.params.id)),
  );

  app.post(
    '/customer-portal/cards/add-link/',
    {
      schema: {
        tags,
        summary: 'The page where the customer adds a card in the hosted card fields',
        response: { 200: envelope(portalAddCardLinkSchema) },
      },
    },
    async (req) => ok(await portalAddCardLink(ctx, await session(req))),
  );
}
