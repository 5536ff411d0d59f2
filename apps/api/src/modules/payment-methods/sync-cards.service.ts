// A customer's cards made what their processors keep now (docs/product-rules.md "Customers and their
// saved cards"): a processor forgets a card Kassa still shows when it is removed in the processor's own
// dashboard, and renews one through its account updater. The merchant's check asks every processor
// before it changes a row; a processor's webhook about one card is confirmed by asking for that card,
// since webhooks may come late and out of order.
import { CARD_SYNC_MESSAGES, type CardSyncResult } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, conflict } from '../../lib/app-error.ts';
import { type ListedSavedCard, lookOf } from '../../payments/provider.ts';
import { processorFor } from '../connections/connections.service.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import {
  findLiveCardByToken,
  hasPaymentUnderWay,
  listSavedCards,
  lockCardForDelete,
  lockCustomerCardsForChange,
  markCardDeleted,
  updateCardLook,
} from './payment-methods.queries.ts';
import { announceCard, cardLabel, type SavedCardRow, vaultCustomer } from './payment-methods.service.ts';

const PROCESSOR_NAMES: Readonly<Record<string, string>> = {
  sandbox: 'The sandbox processor',
  stripe: 'Stripe',
  adyen: 'Adyen',
};
const processorName = (provider: string) => PROCESSOR_NAMES[provider] ?? provider;

/**
 * A card saved this recently is not taken as forgotten when a list leaves it out: Adyen makes tokens
 * asynchronously (docs/processors.md), so its list may show a new card only a little later.
 */
export const NEW_CARD_GRACE_MS = 10 * 60_000;

/** Kassa's cards on one processor account for this customer, and what that account lists now. */
interface Holding {
  cards: SavedCardRow[];
  listed: ListedSavedCard[];
}

const holdingKey = (card: SavedCardRow) =>
  `${card.provider}|${card.connectionId ?? ''}|${card.processorCustomerId ?? ''}`;

export async function syncCustomerCards(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  /** Told why a processor could not be asked (the route logs it; the answer only counts the cards). */
  onUnanswered: (provider: string, error: unknown) => void,
): Promise<CardSyncResult> {
  const customer = await requireCustomer(ctx, actor, customerId, 'edit');
  const groups = new Map<string, SavedCardRow[]>();
  for (const card of await listSavedCards(ctx.db, customer.id)) {
    const group = groups.get(holdingKey(card));
    if (group) group.push(card);
    else groups.set(holdingKey(card), [card]);
  }
  const result: CardSyncResult = {
    checked: 0,
    removed: 0,
    updated: 0,
    kept_while_paying: 0,
    not_checked: 0,
    not_saved_through_kassa: 0,
  };
  // Each processor account on its own: one that cannot be asked (down, its Customer deleted, the
  // connection gone) leaves its cards as they are and the others are still checked.
  const holdings: Holding[] = [];
  const unanswered = new Set<string>();
  for (const cards of groups.values()) {
    const first = cards[0]!;
    let listed: ListedSavedCard[] | undefined;
    try {
      const provider = await processorFor(ctx, {
        merchantId: first.merchantId,
        provider: first.provider,
        providerConnectionId: first.connectionId,
      });
      listed = await provider.listSavedCards?.({ customer: vaultCustomer(customer, first.processorCustomerId) });
    } catch (error) {
      onUnanswered(first.provider, error);
    }
    if (listed) holdings.push({ cards, listed });
    else {
      result.not_checked += cards.length;
      unanswered.add(first.provider);
    }
  }
  if (groups.size > 0 && holdings.length === 0) {
    throw businessRule(CARD_SYNC_MESSAGES.failed([...unanswered].map(processorName).join(' and ')));
  }

  const graceFrom = ctx.clock.now().getTime() - NEW_CARD_GRACE_MS;
  await ctx.db.transaction(async (db) => {
    await lockCustomerCardsForChange(db, customer.id);
    for (const { cards, listed } of holdings) {
      const known = new Set(cards.map((card) => card.token));
      result.not_saved_through_kassa += listed.filter((entry) => !known.has(entry.token)).length;
      const byToken = new Map(listed.map((entry) => [entry.token, entry]));
      for (const card of cards) {
        const entry = byToken.get(card.token);
        if (!entry && card.createdAt.getTime() > graceFrom) {
          result.not_checked += 1;
          continue;
        }
        result.checked += 1;
        const change = await takeCardAsProcessorKeeps(ctx, db, actor, card, entry ? { look: entry.look } : undefined);
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
  current: Pick<ListedSavedCard, 'look'> | undefined,
): Promise<CardChange> {
  if (!current) {
    if (!(await lockCardForDelete(db, card.customerId, card.id))) return 'none';
    if (await hasPaymentUnderWay(db, card.id)) return 'kept_while_paying';
    const removed = await markCardDeleted(db, card.id, ctx.clock.now());
    if (!removed) return 'none';
    await announceCard(ctx, db, actor, removed, 'payment_method.detached');
    return 'removed';
  }
  if (!current.look) return 'none';
  const renewed = await updateCardLook(db, card.id, current.look);
  if (!renewed) return 'none';
  await announceCard(ctx, db, actor, renewed, 'payment_method.updated', {
    before: cardLabel(card),
    after: cardLabel(renewed),
  });
  return 'updated';
}

/**
 * A processor's webhook says it changed a card (Stripe's payment_method.detached,
 * .automatically_updated, .updated). The event may be old or come out of order, so the processor is
 * asked for the card as it is now, and Kassa's card of that token on that connection follows it. A
 * card with a payment still waiting is refused with a conflict, for the processor to send again later.
 */
export async function takeProcessorCardEvent(
  ctx: AppContext,
  at: { merchantId: string; connectionId: string; token: string },
): Promise<'removed' | 'updated' | 'none'> {
  const card = await findLiveCardByToken(ctx.db, at);
  if (!card) return 'none';
  const provider = await processorFor(ctx, {
    merchantId: card.merchantId,
    provider: card.provider,
    providerConnectionId: card.connectionId,
  });
  if (!provider.findSavedCard) return 'none';
  const now = await provider.findSavedCard({
    customer: {
      customerId: card.customerId,
      ...(card.processorCustomerId ? { processorCustomerId: card.processorCustomerId } : {}),
    },
    token: card.token,
  });
  const change = await ctx.db.transaction((db) =>
    takeCardAsProcessorKeeps(ctx, db, null, card, now ? { look: lookOf(now) } : undefined),
  );
  if (change === 'kept_while_paying') throw conflict(CARD_SYNC_MESSAGES.paymentUnderWay);
  return change;
}
