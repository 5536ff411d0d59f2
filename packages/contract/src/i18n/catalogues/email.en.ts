// The e-mails' and PDFs' English texts (docs/i18n.md): the receipts to buyers here, every other
// e-mail's texts in email/ by group.
import { accountEmailEn } from './email/account.en.ts';
import { billingEmailEn } from './email/billing.en.ts';
import { operatorEmailEn } from './email/operator.en.ts';

export const emailEn = {
  ...accountEmailEn,
  ...billingEmailEn,
  ...operatorEmailEn,
  'receipt.subject': 'Your receipt from {merchant}',
  'refund.subject': 'Your refund from {merchant}',
  'mail.greeting': 'Hi {name},',
  'mail.greetingNoName': 'Hi,',
  'receipt.intro': 'Thank you for your payment to {merchant}.',
  'refund.intro': '{merchant} refunded part or all of your payment.',
  'receipt.yourPurchase': 'your purchase',
  'row.refunded': 'Refunded',
  'row.originalPayment': 'Original payment',
  'row.for': 'For',
  'row.refundedTo': 'Refunded to',
  'row.reference': 'Reference',
  'row.amountPaid': 'Amount paid',
  'row.paidWith': 'Paid with',
  'row.date': 'Date',
  'row.invoicePaidSoFar': 'Invoice paid so far',
  'row.balanceDue': 'Balance due',
  'row.invoiceSettled': 'Nothing — the invoice is paid',
  'refund.closing': 'Banks usually show a refund within 5 to 10 business days. The receipt is attached as a PDF.',
  'receipt.closing': 'The receipt is attached as a PDF.',
  'pdf.receiptTitle': 'RECEIPT',
  'pdf.refundReceiptTitle': 'REFUND RECEIPT',
  'pdf.receiptDocTitle': 'Receipt from {merchant}',
  'pdf.refundDocTitle': 'Refund receipt from {merchant}',
  'pdf.paid': 'Paid',
  'pdf.paidBy': 'Paid by',
  'pdf.description': 'Description',
  'pdf.amount': 'Amount',
  'pdf.paymentTo': 'Payment to {merchant}',
  'pdf.refundedOn': 'Refunded {date}',
  'pdf.amountRefunded': 'Amount refunded',
  'pdf.reason': 'Reason',
  'pdf.when': 'When',
  'pdf.refundWhen': 'The refund goes back to {method}; banks usually show it within 5 to 10 business days.',
} as const;

export type EmailKey = keyof typeof emailEn;
