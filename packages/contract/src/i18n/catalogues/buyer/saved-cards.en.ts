// The buyer pages' texts for paying with a saved card on a public checkout (docs/i18n.md,
// docs/product-rules.md#saved-cards-on-a-public-checkout): spread into buyer.en.ts.
export const savedCardsEn = {
  'savedCards.offer': 'Pay with a saved card — sign in',
  'savedCards.intro':
    'We e-mail you a sign-in link. Open it in this browser: it brings you back here with your saved cards.',
  'savedCards.emailLabel': 'E-mail address',
  'savedCards.send': 'E-mail me a sign-in link',
  'savedCards.sending': 'Sending…',
  'savedCards.cancel': 'Cancel',
  'savedCards.emailInvalid': 'Enter a valid e-mail address.',
  'savedCards.sent':
    'If this e-mail address belongs to a customer, a sign-in link is on its way. It works once, for 30 minutes.',
  'savedCards.failed': 'The sign-in link could not be sent. Please try again.',
  'savedCards.checking': 'Looking for your saved cards…',
  'savedCards.signedIn': 'Signed in as {name}. Pay with a saved card, or use another card.',
} as const;

export type SavedCardsKey = keyof typeof savedCardsEn;
