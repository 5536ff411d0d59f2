import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, paymentMethodText } from './payment-methods.ts';

describe('how a payment method reads', () => {
  it('names a card by its brand and last four digits, the brand as the hosted fields show it', () => {
    expect(paymentMethodText('card', 'visa', '4242')).toBe('Visa •••• 4242');
    expect(paymentMethodText('card', 'AMEX', '0005')).toBe('American Express •••• 0005');
    expect(paymentMethodText('card', 'unionpay', '0003')).toBe('UnionPay •••• 0003');
  });

  it('keeps a brand it does not know as it came, and says "Card" when there is none', () => {
    expect(paymentMethodText('card', 'elo', '1234')).toBe('elo •••• 1234');
    expect(paymentMethodText('card', 'unknown', '1234')).toBe('unknown •••• 1234');
    expect(paymentMethodText('card', null, '1234')).toBe('Card •••• 1234');
  });

  it('falls back to the method label without last four digits or for other methods', () => {
    expect(paymentMethodText('card', 'visa', null)).toBe('Card');
    expect(paymentMethodText('wallet', null, null)).toBe('Digital wallet');
    expect(paymentMethodText('gift_card', null, null)).toBe('Gift card');
    expect(paymentMethodLabel('crypto')).toBe('crypto');
  });
});
