// A customer's cards checked against what their processors keep now (docs/product-rules.md "Customers and
// their saved cards"): a processor forgets a card Kassa still shows when it is removed in the processor's
// own dashboard, and renews one through its account updater. Kassa asks every processor first and changes
// its rows only once all have answered, so a processor that cannot be reached leaves everything as it was.
import { CARD_SYNC_MESSAGES, type CardSyncResult } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule } from '../../lib/app-error.ts';
import type { SavedCard } from '../../payments/provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import {
  findLiveCardByToken,
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
        const change = await takeCardAsProcessorKeeps(ctx, db, actor, card, now.get(card.token));
        if (change !== 'none') result[change] += 1;
      }
    }
  });
  return result;
}

type CardChange = 'removed' | 'kept_while_paying' | 'updated' | 'none';

/**
 * One card made what its processor keeps now (`current`; undefined when the processor no longer has
 * it), inside the caller's transaction. A forgotten card goes as a removal by the merchant would: a
 * payment still waiting on it keeps it until it finishes. Each change is made once however many
 * checks and webhooks run at once (the row lock, and updates that match only a card still as it was).
 */
async function takeCardAsProcessorKeeps(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor | null,
  card: SavedCardRow,
  current: SavedCard | undefined,
): Promise<CardChange> {
  if (!current) {
    if (!(await lockCardForDelete(db, card.customerId, card.id))) return 'none';
    if (await hasPaymentUnderWay(db, card.id)) return 'kept_while_paying';
    const removed = await markCardDeleted(db, card.id, ctx.clock.now());
    if (!removed) return 'none';
    await announceCard(ctx, db, actor, removed, 'payment_method.detached');
    return 'removed';
  }
  const renewed = await updateCardDetails(db, card.id, current);
  if (!renewed) return 'none';
  await recordAudit(db, {
    actor,
    merchantId: renewed.merchantId,
    action: 'payment_method.updated',
    entityType: 'saved_card',
    entityId: renewed.id,
    data: { customer_id: renewed.customerId, before: cardLabel(card), after: cardLabel(renewed) },
  });
  return 'updated';
}

/**
 * A processor's own word that it changed a card (Stripe's payment_method.detached and
 * payment_method.automatically_updated): the card of that token on that connection, if Kassa keeps
 * it, made what the processor says. `current` undefined: the processor no longer has it.
 */
export async function takeProcessorCardEvent(
  ctx: AppContext,
  at: { merchantId: string; connectionId: string; token: string },
  current: SavedCard | undefined,
): Promise<CardChange> {
  return ctx.db.transaction(async (db) => {
    const card = await findLiveCardByToken(db, at);
    return card ? takeCardAsProcessorKeeps(ctx, db, null, card, current) : 'none';
  });
}
