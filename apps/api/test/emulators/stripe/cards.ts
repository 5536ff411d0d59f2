// Stripe's documented test cards (docs "Testing": declined payments, 3D Secure authentication,
// saved cards) and what a confirmation with each one does.

export type CardOutcome =
  | { kind: 'success' }
  /** unlessSetUp: authenticated once when saved for off-session use, off-session payments go through. */
  | { kind: 'three_d_secure'; unlessSetUp?: boolean }
  /** chargesOnly: saving the card (SetupIntent, attach) succeeds, every payment with it declines. */
  | { kind: 'decline'; code: string; declineCode?: string; message: string; chargesOnly?: boolean };

const declined = (declineCode: string, message: string): CardOutcome => ({
  kind: 'decline',
  code: 'card_declined',
  declineCode,
  message,
});

export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'success' },
  '5555555555554444': { kind: 'success' },
  '378282246310005': { kind: 'success' },
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000009979': declined('stolen_card', 'Your card was declined.'),
  '4000000000000069': {
    kind: 'decline',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4000000000000341': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    chargesOnly: true,
  },
  // Authentication on every on-session payment; off-session payments succeed once the card is set up.
  '4000002500003155': { kind: 'three_d_secure', unlessSetUp: true },
  // Authentication required on every payment, off-session ones declined with authentication_required.
  '4000000000003220': { kind: 'three_d_secure' },
  '4000002760003184': { kind: 'three_d_secure' },
};

export const BRANDS: [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^5[1-5]/, 'mastercard'],
  [/^3[47]/, 'amex'],
];

export const brandOf = (number: string) => BRANDS.find(([re]) => re.test(number))?.[1] ?? 'unknown';

export function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const LIVE_MODE_TEST_CARD: CardOutcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message: 'Your card was declined. Your request was in live mode, but used a known test card.',
};

/** What confirming with this card does; a known test card is declined in live mode. */
export function outcomeOf(number: string, livemode = false): CardOutcome {
  const known = TEST_CARDS[number];
  if (livemode && known) return LIVE_MODE_TEST_CARD;
  return known ?? { kind: 'success' };
}
