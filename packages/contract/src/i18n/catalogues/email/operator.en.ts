// The e-mails to a merchant's own people (a new payment, a dispute, a webhook endpoint turned off) in
// English (docs/i18n.md), spread into email.en.ts.
export const operatorEmailEn = {
  'newPayment.subject': 'New payment: {amount} from {buyer}',
  'newPayment.intro': '{merchant} received a payment.',
  'row.buyer': 'Buyer',
  'row.transaction': 'Transaction',
  'dispute.subject': 'Dispute opened: {amount} payment from {buyer}',
  'dispute.intro': "The buyer's bank opened a dispute (chargeback) on a payment to {merchant}.",
  'dispute.closing': 'Answer it with evidence in your payment processor’s dashboard before its deadline.',
  'adyenDispute.subject': 'A payment was disputed ({amount})',
  'adyenDispute.intro': "The buyer's bank disputed payment {id} of {amount} (Adyen reference {reference}).",
  'adyenDispute.reason': 'Reason code: {code}.',
  'adyenDispute.unknown': 'unknown',
  'adyenDispute.closing':
    'Open the transaction in Kassa to see its timeline, and answer the dispute in the Adyen Customer Area before its deadline.',
  'webhookOff.subject': 'A webhook endpoint was turned off',
  'webhookOff.intro': 'Kassa has turned off this webhook endpoint:',
  'webhookOff.closing':
    'Events are no longer sent to it. Fix the receiver, then turn the endpoint on again on the\nDevelopers page in Kassa (Settings); waiting deliveries go out then, and failed ones can be\nretried from the delivery log.',
} as const;

export type OperatorEmailKey = keyof typeof operatorEmailEn;
