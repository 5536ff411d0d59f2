// The e-mails and PDFs in German (docs/i18n.md); every key of email.en.ts, checked by i18n-catalogues.test.ts.

import { accountEmailDe } from './email/account.de.ts';
import { billingEmailDe } from './email/billing.de.ts';
import { operatorEmailDe } from './email/operator.de.ts';
import type { EmailKey } from './email.en.ts';

export const emailDe: Record<EmailKey, string> = {
  ...accountEmailDe,
  ...billingEmailDe,
  ...operatorEmailDe,
  'receipt.subject': 'Ihre Quittung von {merchant}',
  'refund.subject': 'Ihre Erstattung von {merchant}',
  'mail.greeting': 'Hallo {name},',
  'mail.greetingNoName': 'Hallo,',
  'receipt.intro': 'Vielen Dank für Ihre Zahlung an {merchant}.',
  'refund.intro': '{merchant} hat Ihre Zahlung ganz oder teilweise erstattet.',
  'receipt.yourPurchase': 'Ihren Einkauf',
  'row.refunded': 'Erstattet',
  'row.originalPayment': 'Ursprüngliche Zahlung',
  'row.for': 'Für',
  'row.refundedTo': 'Erstattet auf',
  'row.reference': 'Referenz',
  'row.amountPaid': 'Bezahlter Betrag',
  'row.paidWith': 'Bezahlt mit',
  'row.date': 'Datum',
  'row.invoicePaidSoFar': 'Bisher auf die Rechnung gezahlt',
  'row.balanceDue': 'Offener Betrag',
  'row.invoiceSettled': 'Nichts – die Rechnung ist bezahlt',
  'refund.closing':
    'Banken zeigen eine Erstattung in der Regel innerhalb von 5 bis 10 Werktagen an. Die Quittung ist als PDF angehängt.',
  'receipt.closing': 'Die Quittung ist als PDF angehängt.',
  'pdf.receiptTitle': 'QUITTUNG',
  'pdf.refundReceiptTitle': 'ERSTATTUNGSBELEG',
  'pdf.receiptDocTitle': 'Quittung von {merchant}',
  'pdf.refundDocTitle': 'Erstattungsbeleg von {merchant}',
  'pdf.paid': 'Bezahlt',
  'pdf.paidBy': 'Bezahlt von',
  'pdf.description': 'Beschreibung',
  'pdf.amount': 'Betrag',
  'pdf.paymentTo': 'Zahlung an {merchant}',
  'pdf.refundedOn': 'Erstattet am {date}',
  'pdf.amountRefunded': 'Erstatteter Betrag',
  'pdf.reason': 'Grund',
  'pdf.when': 'Wann',
  'pdf.refundWhen':
    'Die Erstattung geht zurück auf {method}; Banken zeigen sie in der Regel innerhalb von 5 bis 10 Werktagen an.',
};
