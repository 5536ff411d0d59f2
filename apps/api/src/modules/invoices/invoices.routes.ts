// Invoice calls of docs/product-rules.md#api-calls plus send and copy. The public view has no sign-in; every other
// route authenticates. Invoice checkout (checkout-details, get-checkout-token, submit-billing) lives
// in the checkout module.
import { APP } from '@kassa/contract/access';
import { envelope, idParam, page } from '@kassa/contract/common';
import {
  INVOICE_MESSAGES,
  invoiceBody,
  invoiceCustomerOption,
  invoiceCustomerQuery,
  invoiceListQuery,
  invoiceNumberSuggestion,
  invoiceSchema,
  invoiceSummary,
  paymentOptionSchema,
  publicInvoiceSchema,
} from '@kassa/contract/invoices';
import { merchantReadQuery, productOption } from '@kassa/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { invoiceCustomerOptions } from './invoice-customers.service.ts';
import {
  copyInvoice,
  createInvoice,
  deleteInvoice,
  getMerchantInvoice,
  invoicePaymentOptions,
  invoiceProductOptions,
  listMerchantInvoices,
  sendInvoice,
  suggestInvoiceNumber,
  updateInvoice,
} from './invoices.service.ts';
import { getPublicInvoice } from './public-invoice.service.ts';

const tags = ['invoices'];
const security = [{ bearer: [] }];

export default async function invoiceRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/invoice/public-invoice/:id/',
    { schema: { tags, params: idParam, response: { 200: envelope(publicInvoiceSchema) } } },
    async (req, reply) => {
      const result = await getPublicInvoice(ctx, req.params.id);
      // The status changes as the invoice is viewed and paid: never from a shared cache.
      reply.header('cache-control', 'no-store');
      return { status: 'success' as const, result };
    },
  );

  await app.register(merchantInvoiceRoutes, { ctx });
}

async function merchantInvoiceRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const invoices = resourceRoutes(base, '/invoice/', tags);
  const read = { access: merchantApp(APP.INVOICES, 'view'), scope: 'invoices:read' } as const;

  app.get(
    '/invoice/',
    {
      config: read,
      schema: { tags, security, querystring: invoiceListQuery, response: { 200: envelope(page(invoiceSummary)) } },
    },
    async (req) => ({ status: 'success' as const, result: await listMerchantInvoices(ctx, req.actor, req.query) }),
  );

  app.get(
    '/invoice/invoice-number-suggestion/',
    {
      config: read,
      schema: { tags, security, response: { 200: envelope(invoiceNumberSuggestion) } },
    },
    async (req) => ({ status: 'success' as const, result: await suggestInvoiceNumber(ctx, req.actor) }),
  );

  app.get(
    '/invoice/products/',
    {
      config: read,
      schema: { tags, security, response: { 200: envelope(z.array(productOption)) } },
    },
    async (req) => ({ status: 'success' as const, result: await invoiceProductOptions(ctx, req.actor) }),
  );

  app.get(
    '/invoice/customers/',
    {
      config: read,
      schema: {
        tags,
        security,
        querystring: invoiceCustomerQuery,
        response: { 200: envelope(z.array(invoiceCustomerOption)) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await invoiceCustomerOptions(ctx, req.actor, req.query) }),
  );

  app.get(
    '/invoice/payment-options/',
    {
      config: read,
      schema: { tags, security, response: { 200: envelope(z.array(paymentOptionSchema)) } },
    },
    async (req) => ({ status: 'success' as const, result: await invoicePaymentOptions(ctx, req.actor) }),
  );

  app.post(
    '/invoice/',
    {
      config: { access: merchantApp(APP.INVOICES, 'create'), scope: 'invoices:write' },
      schema: { tags, security, body: invoiceBody, response: { 201: envelope(invoiceSchema) } },
    },
    async (req, reply) => {
      const { invoice, message } = await createInvoice(ctx, req.actor, req.body);
      return reply.status(201).send({ status: 'success' as const, result: invoice, message });
    },
  );

  invoices.read(read, { query: merchantReadQuery, item: invoiceSchema }, (actor, id, query) =>
    getMerchantInvoice(ctx, actor, id, query.merchant_id),
  );

  app.put(
    '/invoice/:id/',
    {
      config: { access: merchantApp(APP.INVOICES, 'edit'), scope: 'invoices:write' },
      schema: { tags, security, params: idParam, body: invoiceBody, response: { 200: envelope(invoiceSchema) } },
    },
    async (req) => {
      const { invoice, message } = await updateInvoice(ctx, req.actor, req.params.id, req.body);
      return { status: 'success' as const, result: invoice, message };
    },
  );

  invoices.remove({ access: merchantApp(APP.INVOICES, 'delete'), scope: 'invoices:write' }, (actor, id) =>
    deleteInvoice(ctx, actor, id),
  );

  invoices.action(
    'send',
    { access: merchantApp(APP.INVOICES, 'create'), scope: 'invoices:write' },
    { item: invoiceSchema },
    (actor, id) => sendInvoice(ctx, actor, id),
    INVOICE_MESSAGES.sent,
  );

  app.post(
    '/invoice/:id/copy/',
    {
      config: { access: merchantApp(APP.INVOICES, 'create'), scope: 'invoices:write' },
      schema: { tags, security, params: idParam, response: { 201: envelope(invoiceSchema) } },
    },
    async (req, reply) => {
      const result = await copyInvoice(ctx, req.actor, req.params.id);
      return reply.status(201).send({ status: 'success' as const, result, message: INVOICE_MESSAGES.copied });
    },
  );
}
