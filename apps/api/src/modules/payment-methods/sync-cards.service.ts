// A customer's cards checked against what their processors keep now (docs/product-rules.md "Customers and
// their saved cards"): a processor forgets a card Kassa still shows when it is removed in the processor's
// own dashboard, and renews one through its account updater. Kassa asks every processor first and changes
// its rows only once all have answered, so a processor that cannot be reached leaves everything as it was.
import { CARD_SYNC_MESSAGES, type CardSyncResult } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule } from '../../lib/app-error.ts';
import type { SavedCard } from '../../payments/provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import {
  hasPaymentUnderWay,
  listSavedCards,
  lockCardForDelete,
  markCardDeleted,
  updateCardDetails,
} from './payment-methods.queries.ts';
import { announceCard, cardLabel, type SavedCardRow, vaultCustomer } from './payment-methods.service.ts';

const PROCESSOR_NAMES: Readonly<Record<string, string>> = {
  sandbox: 'The sandbox processor',
  stripe: 'Stripe',
  adyen: 'Adyen',
};

/** Kassa's cards on one processor account for this customer, and what that account lists now. */
interface Holding {
  cards: SavedCardRow[];
  atProcessor: SavedCard[];
}

const holdingKey = (card: SavedCardRow) =>
  `${card.provider}|${card.connectionId ?? ''}|${card.processorCustomerId ?? ''}`;

export async function syncCustomerCards(ctx: AppContext, actor: Actor, customerId: string): Promise<CardSyncResult> {
  const customer = await requireCustomer(ctx, actor, customerId, 'edit');
  const groups = new Map<string, SavedCardRow[]>();
  for (const card of await listSavedCards(ctx.db, customer.id)) {
    groups.set(holdingKey(card), [...(groups.get(holdingKey(card)) ?? []), card]);
  }
  const holdings: Holding[] = [];
  for (const cards of groups.values()) {
    const first = cards[0]!;
    try {
      const provider = await processorFor(ctx, {
        merchantId: first.merchantId,
        provider: first.provider,
        providerConnectionId: first.connectionId,
      });
      const atProcessor = provider.listSavedCards
        ? await provider.listSavedCards({ customer: vaultCustomer(customer, first.processorCustomerId) })
        : undefined;
      // A processor without a list to compare with leaves its cards as they are.
      if (atProcessor) holdings.push({ cards, atProcessor });
    } catch {
      throw businessRule(CARD_SYNC_MESSAGES.failed(PROCESSOR_NAMES[first.provider] ?? first.provider));
    }
  }

  const result: CardSyncResult = {
    checked: 0,
    removed: 0,
    updated: 0,
    kept_while_paying: 0,
    not_saved_through_kassa: 0,
  };
  await ctx.db.transaction(async (db) => {
    for (const { cards, atProcessor } of holdings) {
      const known = new Set(cards.map((card) => card.token));
      result.checked += cards.length;
      result.not_saved_through_kassa += atProcessor.filter((card) => !known.has(card.token)).length;
      const now = new Map(atProcessor.map((card) => [card.token, card]));
      for (const card of cards) {
        const current = now.get(card.token);
        if (!current) {
          // As a removal by the merchant: a payment still waiting on the card keeps it until it finishes.
          const locked = await lockCardForDelete(db, customer.id, card.id);
          if (!locked) continue;
          if (await hasPaymentUnderWay(db, card.id)) {
            result.kept_while_paying += 1;
            continue;
          }
          const removed = await markCardDeleted(db, card.id, ctx.clock.now());
          if (removed) {
            await announceCard(ctx, db, actor, removed, 'payment_method.detached');
            result.removed += 1;
          }
          continue;
        }
        const renewed = await updateCardDetails(db, card.id, current);
        if (renewed) {
          await recordAudit(db, {
            actor,
            merchantId: renewed.merchantId,
            action: 'payment_method.updated',
            entityType: 'saved_card',
            entityId: renewed.id,
            data: { customer_id: renewed.customerId, before: cardLabel(card), after: cardLabel(renewed) },
          });
          result.updated += 1;
        }
      }
    }
  });
  return result;
}
