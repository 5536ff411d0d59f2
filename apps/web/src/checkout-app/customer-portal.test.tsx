// The customer portal's pages on the buyer entry (docs/product-rules.md#customer-portal): the e-mail
// form, the sign-in link's page, and the signed-in portal's cancel at period end with its confirmation.
import '../features/checkout/checkout-test-mocks.ts';
import type { PortalMe, PortalSubscription } from '@kassa/contract/customer-portal';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockCheckoutApi, renderCheckoutApp, routeOf } from '../features/checkout/checkout-test-kit.tsx';
import { fail, ok } from '../test/mock-api.ts';

const MERCHANT = '7d1c2a8e-3f4b-4c5d-8e9f-0a1b2c3d4e5f';
const brand = { merchant_id: MERCHANT, merchant_name: 'Gym & Co', merchant_logo: null };
const me = (over: Partial<PortalMe> = {}): PortalMe => ({
  ...brand,
  customer_name: 'Grace Hopper',
  customer_email: 'grace@example.com',
  may_cancel: true,
  session_expires_at: '2030-01-01T00:00:00.000Z',
  ...over,
});
const subscription = (over: Partial<PortalSubscription> = {}): PortalSubscription => ({
  id: 'sub-1',
  description: 'Membership',
  status: 'active',
  amount: 1_900,
  currency: 'USD',
  interval: 'month',
  interval_count: 1,
  quantity: 1,
  current_period_end: '2030-02-01T12:00:00.000Z',
  trial_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  ...over,
});

function signedIn(who: PortalMe = me()) {
  return mockCheckoutApi((call) => {
    switch (routeOf(call)) {
      case 'GET /customer-portal/me/':
        return ok(who);
      case 'GET /customer-portal/subscriptions/':
        return ok([subscription()]);
      case 'POST /customer-portal/subscriptions/sub-1/cancel/':
        return ok(subscription({ cancel_at_period_end: true }));
      case 'GET /customer-portal/invoices/':
      case 'GET /customer-portal/receipts/':
      case 'GET /customer-portal/cards/':
        return ok([]);
      default:
        throw new Error(routeOf(call));
    }
  });
}

describe('the customer portal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the e-mail address without a session, and says a link is on its way', async () => {
    const calls = mockCheckoutApi((call) => {
      if (routeOf(call) === 'GET /customer-portal/me/') return fail(401, 'unauthorized', 'You are signed out.');
      if (routeOf(call) === `GET /customer-portal/merchant/${MERCHANT}/`) return ok(brand);
      if (routeOf(call) === `POST /customer-portal/merchant/${MERCHANT}/sign-in-link/`) return ok(null);
      throw new Error(routeOf(call));
    });
    renderCheckoutApp(`/billing/${MERCHANT}`);
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Gym & Co');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByTestId('portal-link-sent')).textContent).toContain('a sign-in link is on its way');
    expect(calls.at(-1)?.body).toEqual({ email: 'grace@example.com' });
  });

  it('says under the address why no link could be sent, and keeps the form', async () => {
    mockCheckoutApi((call) => {
      if (routeOf(call) === 'GET /customer-portal/me/') return fail(401, 'unauthorized', 'You are signed out.');
      if (routeOf(call) === `GET /customer-portal/merchant/${MERCHANT}/`) return ok(brand);
      if (routeOf(call) === `POST /customer-portal/merchant/${MERCHANT}/sign-in-link/`) {
        return fail(400, 'validation_error', 'Enter a valid e-mail address.');
      }
      throw new Error(routeOf(call));
    });
    renderCheckoutApp(`/billing/${MERCHANT}`);
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'grace@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid e-mail address.');
    expect(screen.queryByTestId('portal-link-sent')).toBeNull();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toHaveProperty('disabled', false);
  });

  it('shows the subscription, and cancels it at period end after a confirmation', async () => {
    const calls = signedIn();
    renderCheckoutApp(`/billing/${MERCHANT}`);
    const row = await screen.findByTestId('subscription-sub-1');
    expect(screen.getByTestId('portal-customer').textContent).toBe('Hello, Grace Hopper');
    expect(within(row).getByTestId('subscription-status').textContent).toBe('Active');
    expect(within(row).getByTestId('subscription-when').textContent).toBe('Next charge on February 1, 2030');
    expect(await screen.findByText('You have no saved cards.')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel at period end' }));
    expect(within(row).getByRole('alertdialog').textContent).toContain('stays active until February 1, 2030');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, cancel' }));
    await vi.waitFor(() =>
      expect(within(row).getByTestId('subscription-when').textContent).toBe('Ends on February 1, 2030'),
    );
    expect(within(row).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    expect(calls.map(routeOf)).toContain('POST /customer-portal/subscriptions/sub-1/cancel/');
  });

  it('offers no cancel when the merchant does not allow it', async () => {
    signedIn(me({ may_cancel: false }));
    renderCheckoutApp(`/billing/${MERCHANT}`);
    const row = await screen.findByTestId('subscription-sub-1');
    expect(within(row).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('says in words that a used sign-in link is no longer valid', async () => {
    mockCheckoutApi((call) => {
      if (routeOf(call) === 'POST /customer-portal/sign-in/') {
        return fail(422, 'business_rule', 'This sign-in link has expired or was already used. Ask for a new one.');
      }
      throw new Error(routeOf(call));
    });
    renderCheckoutApp('/billing/sign-in/abcdefghijklmnopqrstuvwxyz0123456789');
    expect((await screen.findByTestId('checkout-unavailable')).textContent).toContain('already used');
  });
});
