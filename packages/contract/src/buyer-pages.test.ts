import { describe, expect, it } from 'vitest';
import { buyerPagePath, matchCheckoutRoute } from './buyer-pages.ts';

describe('checkout path matcher (docs/product-rules.md#routes)', () => {
  it.each([
    ['/checkout/p-1', { page: 'product', id: 'p-1' }],
    ['/checkout/p-1/', { page: 'product', id: 'p-1' }],
    ['/quickpayment/checkout/q-1', { page: 'quick-payment', id: 'q-1' }],
    ['/invoice/checkout/i-1', { page: 'invoice-checkout', id: 'i-1' }],
    ['/invoice/copy/i-1', { page: 'invoice-copy', id: 'i-1' }],
    ['/invoice/copy/a%20b', { page: 'invoice-copy', id: 'a b' }],
    ['/card/add/tok.en-1', { page: 'add-card', id: 'tok.en-1' }],
  ])('%s is a buyer page', (path, route) => {
    expect(matchCheckoutRoute(path)).toEqual(route);
  });

  it.each([
    '/',
    '/checkout',
    '/checkout/',
    '/checkout/p-1/extra',
    '/products',
    '/quickpayment',
    '/invoice',
    '/invoice/copy/',
    '/invoice/copy/%E0%A4%A',
    '/x/checkout/p-1',
  ])('%s is not', (path) => {
    expect(matchCheckoutRoute(path)).toBeNull();
  });

  it('builds the paths it matches', () => {
    expect(buyerPagePath('quick-payment', 'q-1')).toBe('/quickpayment/checkout/q-1');
    expect(matchCheckoutRoute(buyerPagePath('invoice-copy', 'i-1'))).toEqual({ page: 'invoice-copy', id: 'i-1' });
    expect(buyerPagePath('product', ':productId')).toBe('/checkout/:productId');
  });
});
