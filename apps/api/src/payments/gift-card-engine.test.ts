import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import {
  applyGiftCard,
  type GiftCardRecord,
  hashGiftCardPin,
  normalizeGiftCardCode,
  redeemGiftCard,
  verifyGiftCardPin,
} from './gift-card-engine.ts';

const key = Buffer.alloc(32, 7);
const card: GiftCardRecord = {
  code: 'GIFT1234',
  pinHash: hashGiftCardPin(key, 'GIFT1234', '4321'),
  balance: 2500,
  currency: 'USD',
};

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('gift card codes and PINs', () => {
  it('normalizes codes typed by hand', () => {
    expect(normalizeGiftCardCode(' gift-12 34 ')).toBe('GIFT1234');
  });

  it('verifies the PIN against a keyed hash bound to the code', () => {
    expect(card.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(card.pinHash).not.toContain('4321');
    expect(verifyGiftCardPin(key, 'gift-1234', '4321', card.pinHash)).toBe(true);
    expect(verifyGiftCardPin(key, 'GIFT1234', '4322', card.pinHash)).toBe(false);
    expect(verifyGiftCardPin(Buffer.alloc(32, 8), 'GIFT1234', '4321', card.pinHash)).toBe(false);
    expect(hashGiftCardPin(key, 'OTHER123', '4321')).not.toBe(card.pinHash);
    expect(verifyGiftCardPin(key, 'GIFT1234', '4321', 'not-hex')).toBe(false);
  });
});

describe('redeemGiftCard', () => {
  it('covers part of the amount when the balance is smaller', () => {
    expect(redeemGiftCard(2500, 4000)).toEqual({ applied: 2500, remainingDue: 1500, remainingBalance: 0 });
  });

  it('covers all of it and keeps the rest on the card', () => {
    expect(redeemGiftCard(2500, 1000)).toEqual({ applied: 1000, remainingDue: 0, remainingBalance: 1500 });
    expect(redeemGiftCard(2500, 2500)).toEqual({ applied: 2500, remainingDue: 0, remainingBalance: 0 });
  });

  it('refuses negative or fractional amounts', () => {
    expect(thrown(() => redeemGiftCard(-1, 100)).code).toBe('invalid_input');
    expect(thrown(() => redeemGiftCard(100, 1.5)).code).toBe('invalid_input');
  });
});

describe('applyGiftCard', () => {
  const base = { key, card, pin: '4321', currency: 'usd', amountDue: 4000 };

  it('redeems with the right code and PIN', () => {
    expect(applyGiftCard(base)).toEqual({ applied: 2500, remainingDue: 1500, remainingBalance: 0 });
    expect(applyGiftCard({ ...base, amountDue: 100 })).toEqual({
      applied: 100,
      remainingDue: 0,
      remainingBalance: 2400,
    });
  });

  it('gives one answer for a wrong PIN, a malformed PIN and an unknown code', () => {
    for (const input of [
      { ...base, pin: '0000' },
      { ...base, pin: '12' },
      { ...base, card: null },
    ]) {
      const error = thrown(() => applyGiftCard(input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe('The gift card code or PIN is not valid.');
    }
  });

  it('refuses another currency and an empty card', () => {
    expect(thrown(() => applyGiftCard({ ...base, currency: 'EUR' })).message).toBe(
      'This gift card is in USD; the payment is in EUR.',
    );
    const empty = thrown(() => applyGiftCard({ ...base, card: { ...card, balance: 0 } }));
    expect(empty.code).toBe('business_rule');
    expect(empty.message).toBe('This gift card has no balance left.');
  });
});
