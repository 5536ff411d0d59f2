// A customer's saved cards (docs/decisions/0023-saved-cards-live-at-the-processor.md): the list,
// removal, the check against the processor, a merchant-initiated charge and the e-mailed link to add or
// replace a card.
import type { ChargeResult } from '@kassa/contract/checkout';
import type {
  CardSyncResult,
  CustomerChargeBody,
  ReplaceCardLinkResult,
  SavedCardView,
} from '@kassa/contract/saved-cards';
import useSWR from 'swr';
import { apiDelete, apiPost } from '../../../lib/api-client.ts';
import { customerPath } from './customers-api.ts';

const savedCardsPath = (customerId: string) => `${customerPath(customerId)}payment-method/`;

export const useSavedCards = (customerId: string | null) =>
  useSWR<SavedCardView[]>(customerId ? savedCardsPath(customerId) : null);

export const removeSavedCard = (customerId: string, cardId: string) =>
  apiDelete<null>(`${savedCardsPath(customerId)}${encodeURIComponent(cardId)}/`);

/** One key per attempt: a retry after a lost answer charges once (docs/ARCHITECTURE.md#api-conventions). */
export const chargeSavedCard = (customerId: string, body: CustomerChargeBody, idempotencyKey: string) =>
  apiPost<ChargeResult>(`${customerPath(customerId)}charge/`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** E-mails the customer a link to the public add-card page; with a card id the new card replaces it. */
export const sendCardLink = (customerId: string, replacing: string | null) =>
  apiPost<ReplaceCardLinkResult>(
    `${savedCardsPath(customerId)}replace-link/`,
    replacing ? { payment_method_id: replacing } : {},
  );

/** Checks the cards against what their processors keep now: forgotten ones removed, renewed expiries taken. */
export const syncSavedCards = (customerId: string) => apiPost<CardSyncResult>(`${savedCardsPath(customerId)}sync/`, {});
