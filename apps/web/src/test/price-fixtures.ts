// Recurring prices as the price API answers them, for the forms that offer one to sell at checkout
// (docs/product-rules.md#subscribing-at-checkout): one product's monthly price, another's quarterly one
// with a trial, a one-time price, an archived one and a live one.
import type { Price } from '@kassa/contract/prices';

export const PRODUCT_ID = '6f0c1c38-2b0e-4d7e-9d7a-0d5f1f1e0a01';
export const OTHER_PRODUCT_ID = '6f0c1c38-2b0e-4d7e-9d7a-0d5f1f1e0a02';
export const MONTHLY = '1b3f5a10-7c2d-4e8f-9a01-000000000001';
export const QUARTERLY = '1b3f5a10-7c2d-4e8f-9a01-000000000002';
export const ARCHIVED = '1b3f5a10-7c2d-4e8f-9a01-000000000003';

export const price = (over: Partial<Price>): Price => ({
  id: MONTHLY,
  merchant_id: 'm-1',
  product_id: PRODUCT_ID,
  mode: 'test',
  amount: 1_200,
  currency: 'USD',
  interval: 'month',
  interval_count: 1,
  trial_days: 0,
  active: true,
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const PRICES = [
  price({}),
  price({ id: QUARTERLY, product_id: OTHER_PRODUCT_ID, amount: 3_000, interval_count: 3, trial_days: 14 }),
  price({ id: '1b3f5a10-7c2d-4e8f-9a01-000000000004', interval: null }),
  price({ id: ARCHIVED, active: false, archived_at: '2026-11-02T10:00:00.000Z' }),
  price({ id: '1b3f5a10-7c2d-4e8f-9a01-000000000005', mode: 'live' }),
];
