import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toast.ts';
import { mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { completeWith, fakeMount, merchant, mounted, renderPublicPage, session } from './checkout-test-kit.tsx';
import { QuickPaymentCheckoutPage } from './quick-payment-checkout-page.tsx';

vi.mock('@kassa/widget', async (original) => ({
  ...(await original<typeof import('@kassa/widget')>()),
  mount: (options: never) => fakeMount(options),
}));
vi.mock('../../lib/toast.ts', () => ({ showToast: vi.fn(() => Promise.resolve()) }));

beforeEach(() => {
  mounted.length = 0;
  vi.mocked(showToast).mockClear();
});

function open() {
  mockApi((config) => {
    const route = routeOf(config);
    if (route === 'GET /quick-payment/checkout-details/q-1/') {
      return ok({
        id: 'q-1',
        merchant_data: merchant({ phone: 'call us' }),
        name: 'Booking deposit',
        description: 'Holds your date.',
        amount: 1_500,
        currency: 'JPY',
      });
    }
    if (route === 'POST /quick-payment/get-checkout-token/q-1/') return ok(session(1_500));
    if (route === 'POST /transaction/send-notification/') return ok(null);
    throw new Error(route);
  });
  renderPublicPage('/quickpayment/checkout/:id', '/quickpayment/checkout/q-1', <QuickPaymentCheckoutPage />);
}

describe('quick-payment checkout (spec 2.6)', () => {
  it('shows title, description, the fixed amount and a raw phone that cannot be formatted', async () => {
    open();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Booking deposit');
    expect(screen.getByTestId('quick-payment-description').textContent).toBe('Holds your date.');
    expect(screen.getByTestId('quick-payment-amount').textContent).toBe('¥1,500');
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥1,500');
    expect(screen.getByTestId('merchant-phone').textContent).toBe('call us');
  });

  it('shows a receipt after a capture', async () => {
    open();
    await screen.findByTestId('payment-section-2');
    await act(() => completeWith('capture_succeeded', 'tx-77'));
    expect(showToast).toHaveBeenCalledWith('success', 'Transaction completed successfully.');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('¥1,500');
    expect(screen.getByTestId('receipt-reference').textContent).toBe('tx-77');
    expect(screen.getByTestId('receipt').textContent).toContain('Card');
  });

  it('a generic failure sends the buyer to the products page (spec 4)', async () => {
    open();
    await screen.findByTestId('payment-section-2');
    await act(() => completeWith('capture_failed'));
    expect(showToast).toHaveBeenCalledWith('error', 'Transaction failed. Please try again.');
    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/products');
  });
});
