// The API's English sentences a buyer may meet that name a value or a mode (an invoice's amounts, a saved
// card's test or live mode), as buyer-error-keys.ts reads them (docs/i18n.md). The English is the API's own
// wording with `{name}` where a value goes; shared by the buyer pages' catalogue and the hosted card fields'.
export const buyerApiSentencesEn = {
  'error.invoiceAlreadyPaid': 'This invoice has already been paid.',
  'error.invoice.notPositive': 'Enter an amount above zero in minor units (cents).',
  'error.invoice.aboveBalance': 'The amount is more than the balance due of {balance}.',
  'error.invoice.balanceOnly': 'This invoice is paid in full: pay the balance of {balance}.',
  'error.invoice.belowDeposit': 'Pay at least the deposit of {deposit}.',
  'error.invoice.depositOrBalance': 'Pay the deposit of {deposit} or the whole balance of {balance}.',
  'error.invoice.belowMinimum': 'The smallest part you can pay is {minimum}.',
  'error.invoice.reload': 'Reload the invoice to see what is left to pay.',
  'error.cardMode.testCustomerLiveMerchant':
    "This customer pays in test mode, and the merchant's card payments are live now.",
  'error.cardMode.liveCustomerTestMerchant':
    "This customer pays in live mode, and the merchant's card payments are test now.",
  'error.noCardKeeping': 'The merchant’s payment service does not keep cards.',
} as const;

export type BuyerApiSentencesKey = keyof typeof buyerApiSentencesEn;
