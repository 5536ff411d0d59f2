// The typed answer writers send what the zod serializer sent before them, byte for byte: members in the
// schema's order (also when the answer comes back from a jsonb column in another order), members the
// schema does not name left out, nulls kept.
import { chargeResult, checkoutTokenData } from '@kassa/contract/checkout';
import { envelope } from '@kassa/contract/common';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { chargeAnswerJson } from '../modules/charges/charge-result-json.ts';
import { checkoutTokenAnswerJson } from '../modules/checkout/checkout-token-json.ts';

const zodJson = (schema: Parameters<typeof envelope>[0]) =>
  serializerCompiler({ schema: envelope(schema), method: 'POST', url: '/test' });

/** The same object with its keys in reverse order, at every level, as a jsonb read may give them. */
const reordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  }
  return value;
};

const embed = {
  amount: 4200,
  intent: 'capture',
  currency: 'USD',
  country: 'US',
  metadata: { order: 'A-1', note: 'ü "quoted" \u2028' },
  buyer_id: 'buyer-7',
};
const tokenAnswers = [
  {
    status: 'success',
    result: {
      merchant_id: 'm_1',
      token_card: 'eyJ.card.sig',
      token: 'eyJ.other.sig',
      embed_data_card: embed,
      embed_data: { ...embed, intent: 'authorize', metadata: {} },
      comment: 'Gift wrap, please',
      expires_at: '2026-11-29T00:00:00.000Z',
      gift_cards_accepted: true,
      test_mode: false,
    },
  },
  {
    status: 'success',
    result: {
      merchant_id: 'm_2',
      token_card: null,
      token: null,
      embed_data_card: null,
      embed_data: null,
      comment: null,
      expires_at: '2026-11-29T00:00:00.000Z',
      gift_cards_accepted: false,
      test_mode: true,
      extra: 'not in the schema',
    },
    message: 'Created',
  },
];
const chargeAnswers = [
  {
    status: 'success',
    result: {
      id: 'tx_1',
      status: 'succeeded',
      amount: 4200,
      currency: 'USD',
      method: 'card',
      gift_card_amount: 0,
      failure_reason: null,
      failure_code: null,
      payment_method: { approval_url: null, brand: 'visa', last4: '4242' },
    },
  },
  {
    status: 'success',
    result: {
      id: 'tx_2',
      status: 'failed',
      amount: 100,
      currency: 'EUR',
      method: 'card',
      gift_card_amount: 50,
      failure_reason: 'The card was declined.',
      failure_code: 'card_declined',
      payment_method: { approval_url: 'https://pay.example/approve/x', brand: null, last4: null, extra: 1 },
      merchant_id: 'not in the schema',
    },
  },
];

describe('typed answer writers', () => {
  it('write the checkout token answer as the zod serializer does', () => {
    const zod = zodJson(checkoutTokenData);
    for (const answer of tokenAnswers) {
      for (const sent of [answer, reordered(answer)]) {
        expect(checkoutTokenAnswerJson(sent as never)).toBe(zod(sent));
      }
    }
  });

  it('write the charge answer as the zod serializer does, a replayed one too', () => {
    const zod = zodJson(chargeResult);
    for (const answer of chargeAnswers) {
      for (const sent of [answer, reordered(answer)]) {
        expect(chargeAnswerJson(sent as never)).toBe(zod(sent));
      }
    }
  });
});
