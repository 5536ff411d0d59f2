// The e-mails and PDFs in Spanish (docs/i18n.md); every key of email.en.ts, checked by i18n-catalogues.test.ts.

import { accountEmailEs } from './email/account.es.ts';
import { billingEmailEs } from './email/billing.es.ts';
import { operatorEmailEs } from './email/operator.es.ts';
import type { EmailKey } from './email.en.ts';

export const emailEs: Record<EmailKey, string> = {
  ...accountEmailEs,
  ...billingEmailEs,
  ...operatorEmailEs,
  'receipt.subject': 'Tu recibo de {merchant}',
  'refund.subject': 'Tu reembolso de {merchant}',
  'mail.greeting': 'Hola, {name}:',
  'mail.greetingNoName': 'Hola:',
  'receipt.intro': 'Gracias por tu pago a {merchant}.',
  'refund.intro': '{merchant} ha reembolsado tu pago total o parcialmente.',
  'receipt.yourPurchase': 'tu compra',
  'row.refunded': 'Reembolsado',
  'row.originalPayment': 'Pago original',
  'row.for': 'Concepto',
  'row.refundedTo': 'Reembolsado a',
  'row.reference': 'Referencia',
  'row.amountPaid': 'Importe pagado',
  'row.paidWith': 'Pagado con',
  'row.date': 'Fecha',
  'row.invoicePaidSoFar': 'Pagado hasta ahora de la factura',
  'row.balanceDue': 'Saldo pendiente',
  'row.invoiceSettled': 'Nada: la factura está pagada',
  'refund.closing':
    'Los bancos suelen mostrar un reembolso en un plazo de 5 a 10 días hábiles. El recibo va adjunto en PDF.',
  'receipt.closing': 'El recibo va adjunto en PDF.',
  'pdf.receiptTitle': 'RECIBO',
  'pdf.refundReceiptTitle': 'RECIBO DE REEMBOLSO',
  'pdf.receiptDocTitle': 'Recibo de {merchant}',
  'pdf.refundDocTitle': 'Recibo de reembolso de {merchant}',
  'pdf.paid': 'Pagado',
  'pdf.paidBy': 'Pagado por',
  'pdf.description': 'Descripción',
  'pdf.amount': 'Importe',
  'pdf.paymentTo': 'Pago a {merchant}',
  'pdf.refundedOn': 'Reembolsado el {date}',
  'pdf.amountRefunded': 'Importe reembolsado',
  'pdf.reason': 'Motivo',
  'pdf.when': 'Cuándo',
  'pdf.refundWhen':
    'El reembolso se abona en {method}; los bancos suelen mostrarlo en un plazo de 5 a 10 días hábiles.',
};
