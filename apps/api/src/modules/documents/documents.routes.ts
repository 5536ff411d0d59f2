// PDF documents (docs/product-rules.md#documents): the invoice for the portal and for the buyer's
// public page, and a payment's or a refund's receipt for the portal. Each answers the file itself,
// inline so a browser shows it, with a filename for saving.
import { APP } from '@kassa/contract/access';
import { idParam } from '@kassa/contract/common';
import { merchantReadQuery } from '@kassa/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { merchantApp, transactionReader } from '../../lib/route-access.ts';
import { merchantInvoicePdf, publicInvoicePdf } from '../invoices/invoice-documents.service.ts';
import { merchantReceiptPdf } from '../transactions/receipts.service.ts';
import { sendPdf } from './documents.service.ts';

const security = [{ bearer: [] }];

const receiptQuery = z.object({
  /** One refund of the payment: its refund receipt instead of the payment's. */
  refund_id: z.uuid({ message: 'Not a valid refund id' }).optional(),
});

export default async function documentRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/invoice/public-invoice/:id/pdf/',
    {
      schema: {
        tags: ['invoices'],
        summary: "The buyer's copy of an invoice as a PDF",
        params: idParam,
      },
    },
    async (req, reply) => sendPdf(reply, await publicInvoicePdf(ctx, req.params.id)),
  );

  app.get(
    '/invoice/:id/pdf/',
    {
      config: { access: merchantApp(APP.INVOICES, 'view'), scope: 'invoices:read' },
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as a PDF',
        security,
        params: idParam,
        querystring: merchantReadQuery,
      },
    },
    async (req, reply) =>
      sendPdf(reply, await merchantInvoicePdf(ctx, req.actor, req.params.id, req.query.merchant_id)),
  );

  app.get(
    '/transaction/:id/receipt/pdf/',
    {
      config: { access: transactionReader, scope: 'transactions:read' },
      schema: {
        tags: ['transactions'],
        summary: "A payment's receipt, or one refund's, as a PDF",
        security,
        params: idParam,
        querystring: receiptQuery,
      },
    },
    async (req, reply) => sendPdf(reply, await merchantReceiptPdf(ctx, req.actor, req.params.id, req.query.refund_id)),
  );
}
