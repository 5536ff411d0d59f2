// Invoice and receipt PDFs on the merchant's letterhead (docs/product-rules.md#documents). The
// modules that own the data (invoices, transactions) check access and read it, then ask for the
// document here; this module draws it and reads the letterhead.

import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type InvoicePdfInput, invoicePdfFilename, renderInvoicePdf } from './invoice-pdf.ts';
import { merchantLetterhead } from './letterhead.ts';
import type { Letterhead } from './pdf-document.ts';
import { type ReceiptPdfInput, receiptFilename, renderReceiptPdf } from './receipt-pdf.ts';

export interface PdfFile {
  filename: string;
  content: Buffer;
}

/** Letterheads read so far, by merchant: a batch of receipt e-mails reads each one (and its logo) once. */
export type LetterheadCache = Map<string, Promise<Letterhead>>;
export const newLetterheadCache = (): LetterheadCache => new Map();

function letterheadOf(ctx: AppContext, merchantId: string, cache: LetterheadCache) {
  let letterhead = cache.get(merchantId);
  if (!letterhead) {
    letterhead = merchantLetterhead(ctx, merchantId);
    cache.set(merchantId, letterhead);
  }
  return letterhead;
}

export async function invoicePdf(
  ctx: AppContext,
  merchantId: string,
  input: Omit<InvoicePdfInput, 'merchant'>,
): Promise<PdfFile> {
  const merchant = await letterheadOf(ctx, merchantId, newLetterheadCache());
  return {
    filename: invoicePdfFilename(input.invoice.invoiceNumber),
    content: await renderInvoicePdf({ ...input, merchant }),
  };
}

export async function receiptPdf(
  ctx: AppContext,
  input: Omit<ReceiptPdfInput, 'merchant'>,
  letterheads: LetterheadCache = newLetterheadCache(),
): Promise<PdfFile> {
  const merchant = await letterheadOf(ctx, input.payment.merchantId, letterheads);
  return {
    filename: receiptFilename(input.payment.id, input.refund?.id),
    content: await renderReceiptPdf({ ...input, merchant }),
  };
}

/** Answers the file itself, inline so a browser shows it, with a filename for saving. */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.filename}"`)
      // A document shows payment details: never kept by a shared cache.
      .header('cache-control', 'private, no-store')
      .send(file.content)
  );
}
