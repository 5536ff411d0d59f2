// The sandbox gift card service: a merchant with it connected issues cards with a
// code, a PIN and a balance, and lists them with what is left. The PIN is shown once, at issue.

import { randomInt } from 'node:crypto';
import { APP } from '@kassa/contract/access';
import type { Page } from '@kassa/contract/common';
import type { GiftCardView, IssueGiftCardBody } from '@kassa/contract/connections';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { normalizeGiftCardCode } from '../../payments/gift-card-engine.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isProviderEnabled } from '../connections/connections.service.ts';
import { hashPin } from './gift-card-keys.ts';
import { countGiftCards, type GiftCardRow, insertGiftCard, selectGiftCardPage } from './gift-cards.queries.ts';

// The payment side of gift cards, for the payment modules: holds, releases and refunds in the payment's
// own database transaction.
export {
  attachGiftCardHold,
  type GiftCardHold,
  holdGiftCard,
  refundToGiftCards,
  releaseGiftCards,
  splitRefund,
} from './gift-card-payment.ts';

export const SANDBOX_GIFT_CARD_PROVIDER = 'sandbox_gift_card';
// No 0/O or 1/I: codes are read off a card and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const newCode = () => Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const newPin = () => String(randomInt(1_000_000)).padStart(6, '0');
/** "ABCD1234EFGH5678" → "ABCD-1234-EFGH-5678" */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const toView = (row: GiftCardRow): GiftCardView => ({
  id: row.id,
  code: formatGiftCardCode(row.code),
  balance: row.balance,
  currency: row.currency,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export async function issueGiftCard(ctx: AppContext, actor: Actor, body: IssueGiftCardBody) {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'create');
  if (!(await isProviderEnabled(ctx.db, merchantId, 'gift_card', SANDBOX_GIFT_CARD_PROVIDER))) {
    throw businessRule('Connect the Kassa Sandbox Gift Cards service before issuing gift cards.');
  }
  const code = normalizeGiftCardCode(body.code ?? newCode());
  const pin = body.pin ?? newPin();
  try {
    const row = await ctx.db.transaction(async (db) => {
      const card = await insertGiftCard(db, {
        merchantId,
        code,
        pinHash: hashPin(ctx.keys, code, pin),
        balance: body.balance,
        currency: body.currency,
      });
      await recordAudit(db, {
        actor,
        merchantId,
        action: 'gift_card.issued',
        entityType: 'gift_card',
        entityId: card.id,
        amount: card.balance,
        currency: card.currency,
      });
      return card;
    });
    return { ...toView(row), pin };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A gift card with this code already exists.');
    throw error;
  }
}

export async function listGiftCards(
  ctx: AppContext,
  actor: Actor,
  q: { page: number; page_size: number },
): Promise<Page<GiftCardView>> {
  const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'view');
  const [rows, count] = await Promise.all([
    selectGiftCardPage(ctx.db, merchantId, q.page_size, (q.page - 1) * q.page_size),
    countGiftCards(ctx.db, merchantId),
  ]);
  return pageOf(q, count, rows.map(toView));
}
