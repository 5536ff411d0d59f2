// The customer portal as its tests serve it: one merchant's customer, signed in, with one subscription
// and no invoices, receipts or cards; each test answers the calls its own story makes.
import type { PortalMe, PortalSubscription } from '@kassa/contract/customer-portal';
import { type ApiCall, mockCheckoutApi, routeOf } from '../features/checkout/checkout-test-kit.tsx';
import { type MockReply, ok } from '../test/mock-api.ts';

export const PORTAL_MERCHANT = '7d1c2a8e-3f4b-4c5d-8e9f-0a1b2c3d4e5f';
/** What the portal shows of the merchant before anyone signs in. */
export const portalBrand = { merchant_id: PORTAL_MERCHANT, merchant_name: 'Gym & Co', merchant_logo: null };

export const portalMe = (over: Partial<PortalMe> = {}): PortalMe => ({
  ...portalBrand,
  customer_name: 'Grace Hopper',
  customer_email: 'grace@example.com',
  may_cancel: true,
  session_expires_at: '2030-01-01T00:00:00.000Z',
  ...over,
});

export const portalSubscription = (over: Partial<PortalSubscription> = {}): PortalSubscription => ({
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

/**
 * Answers the portal's calls for `who`, signed in with `subscription`: `answer` takes the other calls, and
 * a call neither knows fails the test. Returns the requests made, in order.
 */
export function mockSignedInPortal({
  who = portalMe(),
  subscription = portalSubscription(),
  answer = () => undefined,
}: {
  who?: PortalMe;
  subscription?: PortalSubscription;
  answer?: (call: ApiCall) => MockReply | undefined;
}) {
  return mockCheckoutApi((call) => {
    switch (routeOf(call)) {
      case 'GET /customer-portal/me/':
        return ok(who);
      case 'GET /customer-portal/subscriptions/':
        return ok([subscription]);
      case 'GET /customer-portal/invoices/':
      case 'GET /customer-portal/receipts/':
      case 'GET /customer-portal/cards/':
        return ok([]);
    }
    const reply = answer(call);
    if (!reply) throw new Error(routeOf(call));
    return reply;
  });
}
