import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockCheckoutApi, renderCheckoutApp } from '../features/checkout/checkout-test-kit.tsx';

describe('checkout entry', () => {
  it('an address that is not a buyer page says so without calling the API', async () => {
    const calls = mockCheckoutApi(() => {
      throw new Error('no call expected');
    });
    renderCheckoutApp('/checkout/p-1/extra');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Page not found');
    expect(calls).toEqual([]);
  });
});
