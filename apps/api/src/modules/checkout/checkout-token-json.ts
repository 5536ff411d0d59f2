// The checkout token answer as JSON, member by member in the order of checkoutTokenData and embedData
// (lib/typed-serializer.ts says why this skips the zod serializer).
import type { CheckoutTokenData, EmbedData } from '@kassa/contract/checkout';

interface TokenAnswer {
  status: 'success';
  result: CheckoutTokenData;
  message?: string;
}

const embedDataOf = (e: EmbedData | null): EmbedData | null =>
  e === null
    ? null
    : {
        amount: e.amount,
        intent: e.intent,
        currency: e.currency,
        country: e.country,
        metadata: e.metadata,
        buyer_id: e.buyer_id,
      };

export function checkoutTokenAnswerJson(answer: TokenAnswer): string {
  const r = answer.result;
  const result: CheckoutTokenData = {
    merchant_id: r.merchant_id,
    token_card: r.token_card,
    token: r.token,
    embed_data_card: embedDataOf(r.embed_data_card),
    embed_data: embedDataOf(r.embed_data),
    comment: r.comment,
    expires_at: r.expires_at,
    gift_cards_accepted: r.gift_cards_accepted,
    test_mode: r.test_mode,
  };
  return JSON.stringify({ status: answer.status, result, message: answer.message });
}
