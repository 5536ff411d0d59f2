import './checkout-test-mocks.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showCheckoutToast } from '../../components/payment/checkout-toast.ts';
import { ok } from '../../test/mock-api.ts';
import {
  mockCheckoutApi,
  payOnceReady,
  quickPayment,
  renderBackOfficeRoute,
  renderCheckoutApp,
  routeOf,
  session,
} from './checkout-test-kit.tsx';
import { leavePage } from './navigate-away.ts';
import { QuickPaymentCheckoutPage } from './quick-payment-checkout-page.tsx';

function api() {
  mockCheckoutApi((call) => {
    const route = routeOf(call);
    if (route === 'GET /quick-payment/checkout-details/q-1/') return ok(quickPayment());
    if (route === 'POST /quick-payment/get-checkout-token/q-1/') return ok(session(1_500));
    if (route === 'POST /transaction/send-notification/') return ok(null);
    throw new Error(route);
  });
}

function open() {
  api();
  renderCheckoutApp('/quickpayment/checkout/q-1');
}

describe('quick-payment checkout (docs/product-rules.md#quick-payment-checkout)', () => {
  it('shows title, description, the fixed amount and the raw phone the server could not format', async () => {
    open();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Booking deposit');
    expect(screen.getByTestId('quick-payment-description').textContent).toBe('Holds your date.');
    expect(screen.getByTestId('quick-payment-amount').textContent).toBe('¥1,500');
    expect(screen.getByTestId('checkout-total').textContent).toBe('¥1,500');
    expect(screen.getByTestId('merchant-phone').textContent).toBe('call us');
  });

  it('shows a receipt after a capture', async () => {
    open();
    await payOnceReady('capture_succeeded', 'tx-77');
    expect(showCheckoutToast).toHaveBeenCalledWith('success', 'Transaction completed successfully.');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('¥1,500');
    expect(screen.getByTestId('receipt-reference').textContent).toBe('tx-77');
    expect(screen.getByTestId('receipt-method').textContent).toBe('Visa •••• 4242');
  });

  it('writes the receipt in the buyer’s language, the way of paying included', async () => {
    api();
    renderCheckoutApp('/quickpayment/checkout/q-1', 'es');
    await payOnceReady('capture_succeeded', 'tx-78', { method: 'wallet', approvalUrl: null });
    expect(screen.getByText('Pagado con')).toBeTruthy();
    expect(screen.getByTestId('receipt-method').textContent).toBe('Monedero digital');
    expect(screen.getByTestId('receipt-reference').textContent).toBe('tx-78');
  });

  it('a generic failure sends the buyer to the products page (docs/product-rules.md#states-and-transitions), a page load away', async () => {
    open();
    await payOnceReady('capture_failed');
    expect(showCheckoutToast).toHaveBeenCalledWith('error', 'Transaction failed. Please try again.');
    expect(leavePage).toHaveBeenCalledTimes(1);
    expect(leavePage).toHaveBeenCalledWith('/products', { replace: true });
  });

  it('in the back-office app the products redirect stays in the app', async () => {
    api();
    renderBackOfficeRoute('/quickpayment/checkout/:id', '/quickpayment/checkout/q-1', <QuickPaymentCheckoutPage />);
    await payOnceReady('capture_failed');
    expect(await screen.findByText('Products page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/products');
    expect(leavePage).not.toHaveBeenCalled();
  });
});
