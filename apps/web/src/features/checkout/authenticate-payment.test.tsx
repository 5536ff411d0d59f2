import './checkout-test-mocks.ts';
import type { AuthenticatePaymentDetails } from '@kassa/contract/saved-cards';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chargeResult } from '../../test/customer-fixtures.ts';
import { fail, ok } from '../../test/mock-api.ts';
import { mockCheckoutApi, renderCheckoutApp, routeOf } from './checkout-test-kit.tsx';

const TOKEN = 'authenticate-token-0123456789abcdef';

const details = (over: Partial<AuthenticatePaymentDetails> = {}): AuthenticatePaymentDetails => ({
  merchant_name: 'Acme Outfitters',
  merchant_logo: null,
  customer_name: 'Ada Lovelace',
  amount: 4_200,
  currency: 'USD',
  description: 'Monthly box',
  card: { id: 'c-1', brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2030, expired: false },
  paid: false,
  expires_at: '2030-01-01T00:00:00.000Z',
  ...over,
});

function open(page = ok(details()), charge = ok(chargeResult()), locale: 'en' | 'es' = 'en') {
  const calls = mockCheckoutApi((call) => {
    if (routeOf(call) === 'GET /pay/authenticate/') return page;
    if (routeOf(call) === 'POST /pay/authenticate/') return charge;
    throw new Error(routeOf(call));
  });
  renderCheckoutApp(`/card/authenticate/${TOKEN}`, locale);
  return calls;
}

describe('the page of the link to confirm a charge the bank held', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the charge and the card, and sends the customer to their bank’s confirmation page', async () => {
    const calls = open(
      ok(details()),
      ok(
        chargeResult({
          status: 'buyer_approval_pending',
          payment_method: { approval_url: 'http://kassa.test/pay/approve/ref', brand: 'visa', last4: '3220' },
        }),
      ),
    );
    expect((await screen.findByTestId('page-title')).textContent).toBe('Confirm your payment');
    expect(screen.getByTestId('authenticate-intro').textContent).toBe(
      'Ada Lovelace, Acme Outfitters tried to charge $42.00 for Monthly box to your saved card, and your bank wants you to confirm it. Nothing has been charged yet.',
    );
    expect(screen.getByTestId('authenticate-card').textContent).toBe('Visa •••• 3220, expires 12/30');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    fireEvent.click(screen.getByTestId('authenticate-pay'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://kassa.test/pay/approve/ref'));
    expect(calls.map(routeOf)).toEqual(['GET /pay/authenticate/', 'POST /pay/authenticate/']);
  });

  it('says a charge paid already is paid, and offers no second payment', async () => {
    open(ok(details({ paid: true })));
    expect((await screen.findByTestId('authenticate-paid')).textContent).toBe(
      '$42.00 to Acme Outfitters is paid. You can close this page.',
    );
    expect(screen.queryByTestId('authenticate-pay')).toBeNull();
  });

  it('shows why the payment could not be made', async () => {
    open(ok(details()), fail(422, 'business_rule', 'This checkout has already been paid.'));
    fireEvent.click(await screen.findByTestId('authenticate-pay'));
    expect((await screen.findByTestId('authenticate-error')).textContent).toBe('This checkout has already been paid.');
  });

  it('says why the bank declined in the buyer’s language, by the decline’s code', async () => {
    const declined = chargeResult({
      status: 'authorization_failed',
      failure_code: 'expired_card',
      failure_reason: 'Expired card',
    });
    open(ok(details()), ok(declined), 'es');
    fireEvent.click(await screen.findByTestId('authenticate-pay'));
    expect((await screen.findByTestId('authenticate-error')).textContent).toBe(
      'Tu tarjeta ha caducado. Usa otra tarjeta.',
    );
  });
});
