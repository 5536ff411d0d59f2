// Stripe's decline test cards (its docs, "Testing": declined payments) and the message Kassa gives
// the buyer for each: the processor test and the checkout test expect the same words.
export const STRIPE_DECLINES: readonly (readonly [card: string, buyerMessage: string])[] = [
  ['4000000000000002', 'Card declined.'],
  ['4000000000009995', 'Insufficient funds.'],
  ['4000000000000069', 'Card expired.'],
  ['4000000000000127', 'Incorrect security code.'],
];
