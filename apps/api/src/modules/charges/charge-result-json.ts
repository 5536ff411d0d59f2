// The charge answer as JSON, member by member in the order of chargeResult (lib/typed-serializer.ts
// says why this skips the zod serializer). A replayed answer comes back from a jsonb column, whose key
// order is its own: the writer puts the schema's order back, as the zod serializer did.
import type { ChargeResult } from '@kassa/contract/checkout';

interface ChargeAnswer {
  status: 'success';
  result: ChargeResult;
  message?: string;
}

export function chargeAnswerJson(answer: ChargeAnswer): string {
  const r = answer.result;
  const m = r.payment_method;
  const result: ChargeResult = {
    id: r.id,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    gift_card_amount: r.gift_card_amount,
    failure_reason: r.failure_reason,
    failure_code: r.failure_code,
    payment_method: { approval_url: m.approval_url, brand: m.brand, last4: m.last4 },
  };
  return JSON.stringify({ status: answer.status, result, message: answer.message });
}
