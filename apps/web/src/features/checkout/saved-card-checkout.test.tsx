// Saved cards on a public checkout (docs/product-rules.md#saved-cards-on-a-public-checkout): a buyer signed
// in to this merchant's customer portal gets the card fields with their saved cards (the bound token) and
// their name and e-mail, so one click pays; anyone else sees "Pay with a saved card — sign in", which
// e-mails the portal's link that returns to this checkout. Without the hint cookie no request is made.
import './checkout-test-mocks.ts';
import { CUSTOMER_PORTAL_HINT_COOKIE } from '@kassa/contract/customer-portal-rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/mock-api.ts';
import {
  type ApiCall,
  bodyOf,
  mockCheckoutApi,
  mounted,
  product,
  renderCheckoutApp,
  routeOf,
  session,
} from './checkout-test-kit.tsx';
import { buyerOfCustomer, portalMerchantInBrowser } from './use-saved-card-binding.ts';

const PRODUCT = '0b6f2a52-8a3c-4c55-9d2e-3f1c5a7b9e01';
const PAGE = `/checkout/${PRODUCT}`;

function setHint(merchantId: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie in jsdom, which has no Cookie Store API.
  document.cookie = merchantId
    ? `${CUSTOMER_PORTAL_HINT_COOKIE}=${merchantId}; path=/`
    : `${CUSTOMER_PORTAL_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

afterEach(() => setHint(null));

function api(binding: (call: ApiCall) => ReturnType<typeof ok> = () => fail(401, 'unauthorized', 'Signed out.')) {
  return mockCheckoutApi((call) => {
    const route = routeOf(call);
    if (route === `GET /product/checkout-details/${PRODUCT}/`) return ok({ ...product(), id: PRODUCT });
    if (route === `POST /product/get-checkout-token/${PRODUCT}/`) return ok(session(2_500));
    if (route === 'POST /customer-portal/checkout-binding/') return binding(call);
    if (route === 'POST /customer-portal/merchant/m-1/sign-in-link/') return ok(null, 'Sent.');
    throw new Error(`Unexpected ${route}`);
  });
}

describe('saved cards on a public checkout', () => {
  it('signed in to this merchant: the fields get the bound token and the buyer, and say whose cards they offer', async () => {
    setHint('m-1');
    const calls = api(() =>
      ok({
        token_card: 'bound-card-token',
        customer_name: 'Grace Brewster Hopper',
        customer_email: 'grace@example.com',
        expires_at: '2030-01-01T00:00:00.000Z',
      }),
    );
    renderCheckoutApp(PAGE);
    expect((await screen.findByTestId('saved-cards-signed-in')).textContent).toBe(
      'Signed in as Grace Brewster Hopper. Pay with a saved card, or use another card.',
    );
    await waitFor(() => expect(mounted.at(-1)?.token).toBe('bound-card-token'));
    // The fields mounted once, with the bound token only: the public one never reached them.
    expect(mounted.map((m) => m.token)).toEqual(['bound-card-token']);
    expect(mounted.at(-1)?.billingDetails).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: 'grace@example.com',
    });
    const bindCall = calls.find((c) => routeOf(c) === 'POST /customer-portal/checkout-binding/');
    expect(bodyOf(bindCall!)).toEqual({ token: 'card-token-2500' });
    expect(screen.queryByTestId('saved-cards-offer')).toBeNull();
  });

  it('not signed in: no binding request, and the sign-in offer e-mails a link back to this checkout', async () => {
    const calls = api();
    renderCheckoutApp(PAGE);
    fireEvent.click(await screen.findByTestId('saved-cards-offer'));
    const email = screen.getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid e-mail address.');

    fireEvent.change(email, { target: { value: ' grace@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByTestId('saved-cards-link-sent')).textContent).toMatch(/sign-in link is on its way/);
    const sent = calls.filter((c) => routeOf(c) === 'POST /customer-portal/merchant/m-1/sign-in-link/');
    expect(sent.map(bodyOf)).toEqual([{ email: 'grace@example.com', return_to: PAGE }]);
    expect(calls.map(routeOf)).not.toContain('POST /customer-portal/checkout-binding/');
    // The public fields stay as they are: the buyer may still type a card.
    expect(mounted.at(-1)?.token).toBe('card-token-2500');
  });

  it('a signed-out session (401) falls back to the public fields and the offer', async () => {
    setHint('m-1');
    const calls = api();
    renderCheckoutApp(PAGE);
    await screen.findByTestId('saved-cards-offer');
    await waitFor(() => expect(mounted.at(-1)?.token).toBe('card-token-2500'));
    expect(screen.queryByTestId('saved-cards-refused')).toBeNull();
    expect(calls.map(routeOf)).toContain('POST /customer-portal/checkout-binding/');
  });

  it('a hint for another merchant asks nothing; a refused binding says why', async () => {
    setHint('m-other');
    const calls = api();
    renderCheckoutApp(PAGE);
    await screen.findByTestId('saved-cards-offer');
    expect(calls.map(routeOf)).not.toContain('POST /customer-portal/checkout-binding/');

    setHint('m-1');
    api(() => fail(403, 'forbidden', 'You are signed in as a live customer, and this checkout takes test payments.'));
    renderCheckoutApp(PAGE);
    expect((await screen.findByTestId('saved-cards-refused')).textContent).toMatch(/live customer/);
  });
});

describe('the e-mailed sign-in link asked from a checkout', () => {
  const signInAt = (returnTo: string) => {
    const calls = mockCheckoutApi((call) => {
      const route = routeOf(call);
      if (route === 'POST /customer-portal/sign-in/') return ok({ merchant_id: 'm-1' });
      if (route === `GET /product/checkout-details/${PRODUCT}/`) return ok({ ...product(), id: PRODUCT });
      if (route === `POST /product/get-checkout-token/${PRODUCT}/`) return ok(session(2_500));
      if (route === 'GET /customer-portal/me/' || route === 'POST /customer-portal/checkout-binding/')
        return fail(401, 'unauthorized', 'Signed out.');
      if (route === 'GET /customer-portal/merchant/m-1/')
        return ok({ merchant_id: 'm-1', merchant_name: 'Acme Outfitters', merchant_logo: null });
      if (route.startsWith('GET /customer-portal/')) return ok([]);
      throw new Error(`Unexpected ${route}`);
    });
    renderCheckoutApp(`/billing/sign-in/${'t'.repeat(32)}?return_to=${encodeURIComponent(returnTo)}`);
    return calls;
  };

  it('goes back to the checkout it was asked from', async () => {
    signInAt(PAGE);
    await waitFor(() => expect(window.location.pathname).toBe(PAGE));
  });

  it('goes to the portal when the return address is not a public checkout', async () => {
    signInAt('https://evil.example/checkout/x');
    await waitFor(() => expect(window.location.pathname).toBe('/billing/m-1'));
    // The portal shows whose it is before the test ends (its page once rendered after, and crashed, on a brand of []).
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Acme Outfitters');
  });
});

describe('the helpers', () => {
  it('reads the hint cookie among others', () => {
    expect(portalMerchantInBrowser(`a=1; ${CUSTOMER_PORTAL_HINT_COOKIE}=m-9; b=2`)).toBe('m-9');
    expect(portalMerchantInBrowser('a=1')).toBeNull();
  });

  it('knows the buyer only with a first and last name and an e-mail', () => {
    expect(buyerOfCustomer('Ada Lovelace', 'ada@example.com')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
    expect(buyerOfCustomer('Ada', 'ada@example.com')).toBeNull();
    expect(buyerOfCustomer('Ada Lovelace', null)).toBeNull();
  });
});
