// The e-mails and PDFs in French (docs/i18n.md); every key of email.en.ts, checked by i18n-catalogues.test.ts.

import { accountEmailFr } from './email/account.fr.ts';
import { billingEmailFr } from './email/billing.fr.ts';
import { operatorEmailFr } from './email/operator.fr.ts';
import type { EmailKey } from './email.en.ts';

export const emailFr: Record<EmailKey, string> = {
  ...accountEmailFr,
  ...billingEmailFr,
  ...operatorEmailFr,
  'receipt.subject': 'Votre reçu de {merchant}',
  'refund.subject': 'Votre remboursement de {merchant}',
  'mail.greeting': 'Bonjour {name},',
  'mail.greetingNoName': 'Bonjour,',
  'receipt.intro': 'Merci pour votre paiement à {merchant}.',
  'refund.intro': '{merchant} a remboursé tout ou partie de votre paiement.',
  'receipt.yourPurchase': 'votre achat',
  'row.refunded': 'Remboursé',
  'row.originalPayment': 'Paiement initial',
  'row.for': 'Pour',
  'row.refundedTo': 'Remboursé sur',
  'row.reference': 'Référence',
  'row.amountPaid': 'Montant payé',
  'row.paidWith': 'Payé avec',
  'row.date': 'Date',
  'row.invoicePaidSoFar': 'Déjà payé sur la facture',
  'row.balanceDue': 'Solde dû',
  'row.invoiceSettled': 'Rien — la facture est payée',
  'refund.closing':
    'Les banques affichent généralement un remboursement sous 5 à 10 jours ouvrés. Le reçu est joint au format PDF.',
  'receipt.closing': 'Le reçu est joint au format PDF.',
  'pdf.receiptTitle': 'REÇU',
  'pdf.refundReceiptTitle': 'REÇU DE REMBOURSEMENT',
  'pdf.receiptDocTitle': 'Reçu de {merchant}',
  'pdf.refundDocTitle': 'Reçu de remboursement de {merchant}',
  'pdf.paid': 'Payé',
  'pdf.paidBy': 'Payé par',
  'pdf.description': 'Description',
  'pdf.amount': 'Montant',
  'pdf.paymentTo': 'Paiement à {merchant}',
  'pdf.refundedOn': 'Remboursé le {date}',
  'pdf.amountRefunded': 'Montant remboursé',
  'pdf.reason': 'Motif',
  'pdf.when': 'Quand',
  'pdf.refundWhen':
    'Le remboursement est crédité sur {method} ; les banques l’affichent généralement sous 5 à 10 jours ouvrés.',
};
