// An invoice as the invoice list (a summary) and GET /invoice/{id}/ and the invoice actions (the whole
// invoice) answer it, for the invoice pages' tests.
import type { Invoice, InvoiceSummary } from '@kassa/contract/invoices';

export const invoiceSummary = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
  merchant_id: 'm-1',
  invoice_number: 'INV-000001',
  customer_first_name: 'Grace',
  customer_last_name: 'Hopper',
  customer_email: 'grace@example.com',
  business_name: 'Navy',
  due_date: '2030-01-31',
  status: 'draft',
  currency: 'USD',
  total_amount: 25_000,
  public_url: 'http://localhost/invoice/copy/9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
  sent_at: null,
  viewed_at: null,
  paid_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const savedInvoice = (over: Partial<Invoice> = {}): Invoice => ({
  ...invoiceSummary({ invoice_number: 'INV-000042', business_name: null, total_amount: 13_900 }),
  sub_total_amount: 13_900,
  discount_amount: 0,
  discount_type: 'percentage',
  discount_percentage: '0.00',
  shipping_amount: 0,
  shipping_type: 'percentage',
  shipping_percentage: '0.00',
  tax_amount: 0,
  tax_type: 'percentage',
  tax_percentage: '0.00',
  description: '',
  comment: null,
  payment_options: ['card'],
  voided_at: null,
  invoice_items: [],
  ...over,
});
