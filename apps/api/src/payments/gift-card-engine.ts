// Sandbox gift cards (docs/ARCHITECTURE.md "Payments"): a code and a PIN, a balance, partial
// redemption. Pure functions over a stored card; the database service applies the result atomically
// (balance update and redemption row in one transaction).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, businessRule } from '../lib/app-error.ts';

export interface GiftCardRecord {
  code: string;
  pinHash: string;
  /** Minor units left on the card. */
  balance: number;
  currency: string;
}

export interface GiftCardRedemption {
  /** Taken from the card for this payment. */
  applied: number;
  /** Still to pay by card or wallet; 0 when the gift card covers everything. */
  remainingDue: number;
  /** Left on the card afterwards. */
  remainingBalance: number;
}

const PIN = /^\d{4,8}$/;

/** "abcd-1234 efgh" → "ABCD1234EFGH": codes are typed by hand, case and separators do not matter. */
export const normalizeGiftCardCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * A PIN has 10^4–10^8 values, so an unkeyed hash would be reversed in a blink; the keyed HMAC needs
 * the server key as well. The code is part of the input, so equal PINs on two cards hash differently.
 */
export function hashGiftCardPin(key: Buffer, code: string, pin: string): string {
  return createHmac('sha256', key)
    .update(`gift-card-pin\0${normalizeGiftCardCode(code)}\0${pin}`)
    .digest('hex');
}

export function verifyGiftCardPin(key: Buffer, code: string, pin: string, pinHash: string): boolean {
  const expected = Buffer.from(pinHash, 'hex');
  const actual = Buffer.from(hashGiftCardPin(key, code, pin), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Takes min(balance, amount due) from the card. */
export function redeemGiftCard(balance: number, amountDue: number): GiftCardRedemption {
  for (const [name, value] of [
    ['balance', balance],
    ['amount due', amountDue],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new AppError('invalid_input', `The ${name} must be a whole number of minor units ≥ 0.`);
    }
  }
  const applied = Math.min(balance, amountDue);
  return { applied, remainingDue: amountDue - applied, remainingBalance: balance - applied };
}

export interface ApplyGiftCardInput {
  key: Buffer;
  /** The card found by its normalized code, or null when no card has that code. */
  card: GiftCardRecord | null;
  pin: string;
  currency: string;
  amountDue: number;
}

/**
 * Checks code and PIN, currency and balance, then redeems. An unknown code and a wrong PIN get the
 * same answer so the field cannot be used to discover which codes exist.
 */
export function applyGiftCard(input: ApplyGiftCardInput): GiftCardRedemption {
  const { card } = input;
  if (!card || !PIN.test(input.pin) || !verifyGiftCardPin(input.key, card.code, input.pin, card.pinHash)) {
    throw new AppError('invalid_input', 'The gift card code or PIN is not valid.', [
      { path: 'gift_card', message: 'The gift card code or PIN is not valid.' },
    ]);
  }
  if (card.currency.toUpperCase() !== input.currency.toUpperCase()) {
    throw businessRule(
      `This gift card is in ${card.currency.toUpperCase()}; the payment is in ${input.currency.toUpperCase()}.`,
    );
  }
  if (card.balance <= 0) throw businessRule('This gift card has no balance left.');
  return redeemGiftCard(card.balance, input.amountDue);
}
