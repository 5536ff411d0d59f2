// Why a card was declined, as a buyer reads it (docs/i18n.md): one text per decline code (declines.ts), a few
// processor sentences more precise than their code (buyer-error-keys.ts), and any other refusal with its own words;
// shared by the buyer pages' catalogue and the hosted card fields' (both spread it in).
export const declinesEn = {
  'decline.card_declined': 'Your card was declined. Try another card.',
  'decline.do_not_honor': 'Your bank refused the payment. Contact your bank or use another card.',
  'decline.insufficient_funds': 'Your card has insufficient funds. Try another card.',
  'decline.authentication_required': 'Your bank asks you to confirm this payment. Please try again.',
  'decline.authentication_failed': 'The payment could not be confirmed with your bank. Please try again.',
  'decline.expired_card': 'Your card has expired. Use another card.',
  'decline.incorrect_number': 'The card number is not correct. Check it and try again.',
  'decline.incorrect_cvc': 'The security code is not correct. Check it and try again.',
  'decline.card_velocity_exceeded': 'Too many payments with this card for now. Try again later or use another card.',
  'decline.fraudulent': 'The payment was declined. Use another card or contact your bank.',
  'decline.transaction_not_allowed': 'This card cannot be used for this payment. Use another card.',
  'decline.issuer_unavailable': 'Your bank could not be reached. Please try again later.',
  'decline.canceled': 'The payment was cancelled.',
  'decline.invalid_expiry': 'The expiry date is not valid. Check it and try again.',
  'decline.postal_code': 'The postal code does not match the card. Check it and try again.',
  'decline.details_not_accepted':
    'The card details were not accepted. Check the card number, expiry date and security code.',
  'decline.test_card_live': 'A test card cannot pay here. Use a real card.',
  'decline.unsupported_action': 'Your bank asks for a confirmation step this page cannot show. Use another card.',
  'decline.save_needs_authentication':
    'Your bank wants you to confirm this card before it is kept. Save it while paying instead.',
  'decline.interrupted':
    'The payment was interrupted before your bank answered. You were not charged. Please try again.',
  'decline.other': 'Your card was declined. The payment service said: “{reason}”',
} as const;

export type DeclinesKey = keyof typeof declinesEn;
