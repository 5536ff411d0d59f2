import type { MerchantProfile } from '@kassa/contract/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantProfile } from '../../test/merchant-profile.ts';
import { fail, type MockReply, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { makeMerchant } from '../../test/render-app.tsx';
import { makeOwner, renderMerchantPage } from '../../test/render-merchant-page.tsx';
import { WelcomePage } from './welcome-page.tsx';

const step = (key: string) => screen.getByTestId(`welcome-step-${key}`).getAttribute('data-done');

/** The welcome page's reads: the profile, the connections, how many payments went through and how many products exist. */
function mockWelcomeApi({
  profile = merchantProfile(),
  connections,
  payments,
  products,
}: {
  profile?: MerchantProfile;
  connections: MockReply;
  payments: number;
  products: number;
}) {
  mockApi((config) => {
    switch (routeOf(config)) {
      case 'GET /auth/merchant-profile/':
        return ok(profile);
      case 'GET /connection/merchant-connection/':
        return connections;
      case 'POST /transaction/transaction-details/':
        return ok({ count: payments, page: 1, page_size: 1, results: [], next_cursor: null });
      default:
        return ok({ count: products, page: 1, page_size: 1, results: [] });
    }
  });
}

describe('Welcome page', () => {
  it('offers no "Add a product" while the Payment Hub cannot sell', async () => {
    mockApi((config) =>
      routeOf(config) === 'GET /auth/merchant-profile/' ? ok(merchantProfile()) : fail(403, 'forbidden', 'Not active'),
    );
    renderMerchantPage(<WelcomePage />, {
      user: makeOwner({ merchant: makeMerchant({ payment_hub_status: 1 }) }),
    });
    await screen.findByTestId('welcome-step-product');
    expect(screen.queryByTestId('welcome-link-product')).toBeNull();
    expect(screen.getByTestId('welcome-waiting-product').textContent).toContain('Payment Hub is active');
    expect(screen.getByTestId('welcome-link-profile')).toBeTruthy();
  });

  it('does not ask a merchant taking payments through the sandbox to "connect a payment service"', async () => {
    mockWelcomeApi({ connections: ok([]), payments: 400, products: 3 });
    renderMerchantPage(<WelcomePage />);
    const connection = await screen.findByTestId('welcome-step-connection');
    expect(connection.textContent).not.toContain('Connect a payment service');
    expect(connection.textContent).toContain('400 payments so far went through the Kassa sandbox');
    expect(step('connection')).toBe('false');
  });

  it('ticks the complete profile and the first product, and counts a missing connections API as not done', async () => {
    mockWelcomeApi({ connections: fail(404, 'not_found', 'Not found'), payments: 0, products: 3 });
    renderMerchantPage(<WelcomePage />);
    expect((await screen.findByTestId('welcome-progress')).textContent).toBe('2 of 3 done');
    expect(step('profile')).toBe('true');
    expect(step('connection')).toBe('false');
    expect(step('product')).toBe('true');
    expect(screen.getByTestId('welcome-link-connection').getAttribute('href')).toBe('/paymentservice');
  });

  it('leaves the profile open while its address is missing and ticks an enabled payment service', async () => {
    mockWelcomeApi({
      profile: merchantProfile({ address: '', phone: null }),
      connections: ok([
        {
          id: 'c-1',
          kind: 'payment_service',
          provider: 'stripe',
          provider_name: 'Stripe',
          credentials: { secret_key: 'sk_test_••••3f9a' },
          enabled: true,
          fallback: false,
          status: 'verified',
          last_verified_at: '2026-11-01T10:00:00.000Z',
          last_verification_message: null,
          created_at: '2026-11-01T10:00:00.000Z',
          updated_at: '2026-11-01T10:00:00.000Z',
        },
      ]),
      payments: 0,
      products: 0,
    });
    renderMerchantPage(<WelcomePage />);
    expect((await screen.findByTestId('welcome-progress')).textContent).toBe('1 of 3 done');
    expect(step('profile')).toBe('false');
    expect(step('connection')).toBe('true');
    expect(step('product')).toBe('false');
  });
});
