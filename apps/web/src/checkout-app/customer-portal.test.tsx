// The customer portal's pages on the buyer entry (docs/product-rules.md#customer-portal): the e-mail
// form, the sign-in link's page, and the signed-in portal's cancel at period end with its confirmation.
import '../features/checkout/checkout-test-mocks.ts';
import type { PortalMe } from '@kassa/contract/customer-portal';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockCheckoutApi, renderCheckoutApp, routeOf } from '../features/checkout/checkout-test-kit.tsx';
import { fail, ok } from '../test/mock-api.ts';
import {
  mockSignedInPortal,
  PORTAL_MERCHANT,
  portalBrand,
  portalMe,
  portalSubscription,
} from './customer-portal-test-kit.ts';

/** Signed in as `who`, with an active subscription that cancels at period end when asked. */
const signedIn = (who: PortalMe = portalMe()) =>
  mockSignedInPortal({
    who,
    answer: (call) =>
      routeOf(call) === 'POST /customer-portal/subscriptions/sub-1/cancel/'
        ? ok(portalSubscription({ cancel_at_period_end: true }))
        : undefined,
  });

describe('the customer portal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the e-mail address without a session, and says a link is on its way', async () => {
    const calls = mockCheckoutApi((call) => {
      if (routeOf(call) === 'GET /customer-portal/me/') return fail(401, 'unauthorized', 'You are signed out.');
      if (routeOf(call) === `GET /customer-portal/merchant/${PORTAL_MERCHANT}/`) return ok(portalBrand);
      if (routeOf(call) === `POST /customer-portal/merchant/${PORTAL_MERCHANT}/sign-in-link/`) return ok(null);
      throw new Error(routeOf(call));
    });
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Gym & Co');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByTestId('portal-link-sent')).textContent).toContain('a sign-in link is on its way');
    expect(calls.at(-1)?.body).toEqual({ email: 'grace@example.com' });
  });

  it('says under the address why no link could be sent, and keeps the form', async () => {
    mockCheckoutApi((call) => {
      if (routeOf(call) === 'GET /customer-portal/me/') return fail(401, 'unauthorized', 'You are signed out.');
      if (routeOf(call) === `GET /customer-portal/merchant/${PORTAL_MERCHANT}/`) return ok(portalBrand);
      if (routeOf(call) === `POST /customer-portal/merchant/${PORTAL_MERCHANT}/sign-in-link/`) {
        return fail(400, 'validation_error', 'Enter a valid e-mail address.');
      }
      throw new Error(routeOf(call));
    });
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'grace@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid e-mail address.');
    expect(screen.queryByTestId('portal-link-sent')).toBeNull();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toHaveProperty('disabled', false);
  });

  it('shows the subscription, and cancels it at period end after a confirmation', async () => {
    const calls = signedIn();
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
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
    signedIn(portalMe({ may_cancel: false }));
    renderCheckoutApp(`/billing/${PORTAL_MERCHANT}`);
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
