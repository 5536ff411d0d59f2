// Gift cards inside a payment. The charge flow calls these inside its database
// transactions: the card row is locked from the balance check until the new balance is written, so
// two payments can never spend the same balance.
// Refund rule: money goes back to the bank card first, up to what the bank card paid; only the rest
// returns to the gift card balance (the buyer gets cash back before store credit).
import type { DbOrTx } from '../../db/client.ts';
import type { Keys } from '../../lib/keys.ts';
import { applyGiftCard, normalizeGiftCardCode } from '../../payments/gift-card-engine.ts';
import { pinCheck } from './gift-card-keys.ts';
import { heldByTransaction, lockGiftCardByCode, lockGiftCardById, moveGiftCardBalance } from './gift-cards.queries.ts';

export interface GiftCardHold {
  giftCardId: string;
  /** Taken from the card. */
  applied: number;
  /** Still to pay by card or wallet. */
  remainingDue: number;
}

/** Checks code and PIN, takes min(balance, amount due) off the card. Record it with attachGiftCardHold. */
export async function holdGiftCard(
  db: DbOrTx,
  keys: Keys,
  input: { merchantId: string; code: string; pin: string; currency: string; amountDue: number },
): Promise<GiftCardHold> {
  const card = await lockGiftCardByCode(db, input.merchantId, normalizeGiftCardCode(input.code));
  const check = card ? pinCheck(keys, card.pinHash) : null;
  const redemption = applyGiftCard({
    key: check?.key ?? Buffer.alloc(32),
    card:
      card && check
        ? { code: card.code, pinHash: check.pinHash, balance: card.balance, currency: card.currency }
        : null,
    pin: input.pin,
    currency: input.currency,
    amountDue: input.amountDue,
  });
  // applyGiftCard threw above when no card has this code.
  return { giftCardId: card!.id, applied: redemption.applied, remainingDue: redemption.remainingDue };
}

/** Writes the hold once the transaction row exists (the redemption row points at it). */
export async function attachGiftCardHold(db: DbOrTx, hold: GiftCardHold, transactionId: string) {
  await moveGiftCardBalance(db, { giftCardId: hold.giftCardId, transactionId, delta: -hold.applied });
}

/** A declined payment gives back everything it took from gift cards; returns the amount given back. */
export async function releaseGiftCards(db: DbOrTx, transactionId: string): Promise<number> {
  let released = 0;
  for (const { giftCardId, held } of await heldByTransaction(db, transactionId)) {
    if (held <= 0) continue;
    await lockGiftCardById(db, giftCardId);
    await moveGiftCardBalance(db, { giftCardId, transactionId, delta: held });
    released += held;
  }
  return released;
}

/** Puts `amount` back on the gift card(s) the payment used. */
export async function refundToGiftCards(db: DbOrTx, transactionId: string, amount: number) {
  let left = amount;
  for (const { giftCardId, held } of await heldByTransaction(db, transactionId)) {
    const back = Math.min(left, held);
    if (back <= 0) continue;
    await lockGiftCardById(db, giftCardId);
    await moveGiftCardBalance(db, { giftCardId, transactionId, delta: back });
    left -= back;
  }
}

/** How a refund of `amount` splits between the bank card (first) and the gift card (the rest). */
export function splitRefund(
  tx: { capturedAmount: number; refundedAmount: number; giftCardAmount: number },
  amount: number,
): { toCard: number; toGiftCard: number } {
  const cardCaptured = Math.max(0, tx.capturedAmount - tx.giftCardAmount);
  const cardRefunded = Math.min(tx.refundedAmount, cardCaptured);
  const toCard = Math.min(amount, cardCaptured - cardRefunded);
  return { toCard, toGiftCard: amount - toCard };
}
