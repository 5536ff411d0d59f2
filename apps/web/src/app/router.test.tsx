import type { User } from '@kassa/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  checkoutDetails,
  routeOf as checkoutRouteOf,
  mockCheckoutApi,
  product,
  publicInvoice,
  quickPayment,
} from '../features/checkout/checkout-test-kit.tsx';
import { fail, type MockReply, mockApi, ok, okPage, routeOf } from '../test/mock-api.ts';
import { makeMerchant, makeUser, renderApp, signIn } from '../test/render-app.tsx';

vi.mock('../lib/toast.ts', () => ({ showToast: vi.fn(), toastApiError: vi.fn() }));
const { showToast } = await import('../lib/toast.ts');

const location = () => screen.getByTestId('location').textContent;

// The buyer pages read through their own fetch helper (features/checkout/api/checkout-fetch.ts).
function buyerPagesApi(call: ApiCall) {
  switch (checkoutRouteOf(call)) {
    case 'GET /product/checkout-details/p-1/':
      return ok(product());
    case 'GET /quick-payment/checkout-details/q-1/':
      return ok(quickPayment());
    case 'GET /invoice/checkout-details/i-1/':
      return ok(checkoutDetails({ id: 'i-1' }));
    case 'GET /invoice/public-invoice/i-1/':
      return ok(publicInvoice({ id: 'i-1', customer_first_name: 'grace' }));
    default:
      return fail(503, 'unavailable', 'Payments are paused.');
  }
}

/** The owner `u-2` with every app: its profile and access list, and `other` for any other call. */
const ownerWithEveryApp = (owner: User, other: MockReply) =>
  mockApi((config) => {
    if (config.url === '/auth/access/u-2/')
      return ok([1, 2, 3, 4, 5, 6, 7, 8].map((key) => ({ app_key: key, app: `App ${key}`, access: [1, 2, 3, 4] })));
    if (config.url === '/auth/profile/') return ok(owner);
    return other;
  });

const adminPermission = (flags: Record<string, 0 | 1>) =>
  ok({
    count: 1,
    page: 1,
    page_size: 20,
    results: [
      {
        user_id: 'u-4',
        first_name: 'Sam',
        last_name: 'Staff',
        email: 'staffadmin@kassa.local',
        is_active: true,
        view_merchant: 0,
        view_catalog: 0,
        view_transactions: 0,
        view_industry_type: 0,
        ...flags,
      },
    ],
  });

describe('logged out (docs/product-rules.md#route-access)', () => {
  beforeEach(() => {
    mockApi(() => fail(401, 'unauthorized', 'Sign in first'));
  });

  it.each(['/transactions', '/', '/merchants', '/merchant-detail/7', '/change-password', '/transactions/42'])(
    'a private route (%s) goes to login',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Sign in to Kassa' })).toBeTruthy();
      expect(location()).toBe('/login');
    },
  );

  it('an unknown path shows _404', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('_404')).toBeTruthy();
  });

  it('the unauthorized route shows Unauthorized', async () => {
    renderApp('/unauthorized');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });

  // A page load of these paths gets checkout.html from the API (checkout-app/); in-app navigation and
  // the dev server render the same pages as routes of this app.
  it.each([
    ['/checkout/p-1', 'page-title', 'Trail Backpack'],
    ['/quickpayment/checkout/q-1', 'page-title', 'Booking deposit'],
    ['/invoice/checkout/i-1', 'page-title', 'Invoice INV-0042'],
    ['/invoice/copy/i-1', 'invoice-greeting', 'Hi Grace,'],
  ])('the buyer page %s opens without signing in', async (path, testId, text) => {
    mockCheckoutApi(buyerPagesApi);
    renderApp(path);
    expect((await screen.findByTestId(testId)).textContent).toBe(text);
    expect(location()).toBe(path);
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('the embed entry opens without signing in', async () => {
    renderApp('/embed');
    expect((await screen.findByTestId('embed-error')).textContent).toContain('This embed link is incomplete');
    expect(location()).toBe('/embed');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('the public pages open', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });
});

describe('logged in (docs/product-rules.md#route-access, docs/product-rules.md#side-navigation)', () => {
  beforeEach(() => signIn());

  it('a public route goes home, and home sends the platform admin to Merchants', async () => {
    mockApi((config) => (config.url === '/auth/profile/' ? ok(makeUser()) : fail(404, 'not_found', 'No route')));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Merchants' })).toBeTruthy();
    expect(location()).toBe('/merchants');
    expect(screen.getByTestId('nav-merchants').getAttribute('aria-current')).toBe('page');
  });

  it('buyer pages stay open when signed in', async () => {
    mockApi(() => ok(makeUser()));
    mockCheckoutApi(buyerPagesApi);
    renderApp('/invoice/copy/i-1');
    expect((await screen.findByTestId('invoice-greeting')).textContent).toBe('Hi Grace,');
    expect(location()).toBe('/invoice/copy/i-1');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('an unknown path shows _404 when signed in too', async () => {
    mockApi(() => ok(makeUser()));
    renderApp('/definitely-not-a-page');
    expect(await screen.findByText('_404')).toBeTruthy();
  });

  it('Merchants stays active on a merchant detail page', async () => {
    mockApi((config) =>
      config.url === '/auth/profile/' ? ok(makeUser()) : fail(404, 'not_found', 'Merchant not found.'),
    );
    renderApp('/merchant-detail/m-7');
    expect(await screen.findByRole('heading', { name: 'Merchant detail' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('nav-merchants').getAttribute('aria-current')).toBe('page'));
  });

  it('a staff admin lands on the first page its permissions allow', async () => {
    const staff = makeUser({ id: 'u-4', role: 4, first_name: 'Sam', last_name: 'Staff' });
    mockApi((config) =>
      config.url === '/superadmin/admin/'
        ? adminPermission({ view_catalog: 1, view_transactions: 1 })
        : config.url === '/auth/profile/'
          ? ok(staff)
          : okPage([]),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Catalog' })).toBeTruthy();
    expect(location()).toBe('/catalog');
    expect(screen.queryByTestId('nav-merchants')).toBeNull();
    expect(screen.getByTestId('nav-transactions')).toBeTruthy();
    expect(screen.queryByTestId('nav-admin-users')).toBeNull();
  });

  it('a staff admin without any view permission is told so and signed out', async () => {
    const staff = makeUser({ id: 'u-4', role: 4 });
    const calls = mockApi((config) => {
      if (config.url === '/superadmin/admin/') return adminPermission({});
      if (config.url === '/auth/logout/') return ok(null, 'Signed out.');
      return ok(staff);
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to Kassa' })).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('error', "You don't have any permissions to access this page.");
    expect(calls.map(routeOf)).toContain('POST /auth/logout/');
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('a clerk sees only its permitted entries and lands on its first app, not Welcome', async () => {
    const clerk = makeUser({ id: 'u-3', role: 3, merchant: makeMerchant({ is_master: true }) });
    const calls = mockApi((config) =>
      config.url === '/auth/access/u-3/'
        ? ok([
            { app_key: 3, app: 'Products', access: [1] },
            { app_key: 6, app: 'Invoices', access: [1, 2] },
            { app_key: 8, app: 'Users', access: [] },
          ])
        : config.url === '/auth/profile/'
          ? ok(clerk)
          : fail(404, 'not_found', 'No route'),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    expect(location()).toBe('/products');
    expect(screen.queryByRole('heading', { name: 'Welcome, Ada' })).toBeNull();
    const entries = screen.getAllByTestId(/^nav-(?!group)/).map((el) => el.textContent);
    expect(entries).toEqual(['Products', 'Invoices', 'Recurring invoices', 'Subscriptions', 'Transactions']);
    expect(calls.map(routeOf)).toContain('GET /auth/access/u-3/');
  });

  it('a merchant whose Payment Hub is not active sees it greyed out with disabled links', async () => {
    const owner = makeUser({ id: 'u-2', role: 2, merchant: makeMerchant({ payment_hub_status: 1 }) });
    ownerWithEveryApp(owner, fail(404, 'not_found', 'No route'));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const hub = screen.getByTestId('nav-group-payment-hub');
    expect(hub.getAttribute('aria-disabled')).toBe('true');
    expect(hub.textContent).toContain('Pending');
    const products = screen.getByTestId('nav-app-pr');
    expect(products.tagName).toBe('SPAN');
    expect(products.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('nav-connections').tagName).toBe('A');
  });

  it('an embedded session without allowed tabs has no sidebar', async () => {
    window.localStorage.setItem('kassa.embed.allowedTabs', '[]');
    const owner = makeUser({ id: 'u-2', role: 2, merchant: makeMerchant() });
    mockApi((config) => {
      if (config.url === '/auth/access/u-2/') return ok([]);
      return config.url === '/auth/profile/' ? ok(owner) : fail(404, 'not_found', 'No route');
    });
    renderApp('/products');
    expect(await screen.findByTestId('unauthorized')).toBeTruthy();
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByTestId('sidebar-toggle')).toBeNull();
  });

  describe('a typed address opens only what the menu offers', () => {
    const staff = makeUser({ id: 'u-4', role: 4, first_name: 'Sam', last_name: 'Staff' });
    const staffApi = () =>
      mockApi((config) => {
        if (config.url === '/superadmin/admin/') return adminPermission({ view_merchant: 1, view_transactions: 1 });
        if (config.url === '/auth/profile/') return ok(staff);
        return okPage([]);
      });

    it.each(['/admin-users', '/industry-types', '/catalog', '/sub-merchants'])(
      'a staff admin without the right gets Unauthorized on %s, and no request for its data',
      async (path) => {
        const calls = staffApi();
        renderApp(path);
        expect(await screen.findByTestId('unauthorized')).toBeTruthy();
        expect(screen.getByTestId('sidebar')).toBeTruthy();
        expect(location()).toBe(path);
        const asked = calls.map(routeOf);
        expect(asked.filter((route) => !['GET /auth/profile/', 'GET /superadmin/admin/'].includes(route))).toEqual([]);
      },
    );

    it('a clerk gets Unauthorized on an app it has no view on and on Welcome', async () => {
      const clerk = makeUser({ id: 'u-3', role: 3, merchant: makeMerchant() });
      for (const path of ['/quickpayment', '/welcome', '/setup', '/users']) {
        const calls = mockApi((config) =>
          config.url === '/auth/access/u-3/'
            ? ok([{ app_key: 3, app: 'Products', access: [1] }])
            : config.url === '/auth/profile/'
              ? ok(clerk)
              : fail(403, 'forbidden', 'You do not have view access.'),
        );
        const view = renderApp(path);
        expect(await screen.findByTestId('unauthorized')).toBeTruthy();
        expect(screen.queryByText(/Could not load/)).toBeNull();
        expect(calls.map(routeOf)).toEqual(['GET /auth/profile/', 'GET /auth/access/u-3/']);
        view.unmount();
      }
    });

    it("a clerk with view on Invoices opens an invoice from the list's View, but not a new one", async () => {
      const clerk = makeUser({ id: 'u-3', role: 3, merchant: makeMerchant() });
      const answer = () =>
        mockApi((config) =>
          config.url === '/auth/access/u-3/'
            ? ok([{ app_key: 6, app: 'Invoices', access: [1] }])
            : config.url === '/auth/profile/'
              ? ok(clerk)
              : new Promise(() => {}),
        );
      const calls = answer();
      const view = renderApp('/add-edit-invoice?id=inv-1');
      await waitFor(() => expect(calls.map(routeOf)).toContain('GET /invoice/inv-1/'));
      expect(screen.queryByTestId('unauthorized')).toBeNull();
      view.unmount();

      answer();
      renderApp('/add-edit-invoice');
      expect(await screen.findByTestId('unauthorized')).toBeTruthy();
    });

    it('an owner of a master merchant opening Sub-merchants never asks the admin-only list', async () => {
      const owner = makeUser({ id: 'u-2', role: 2, merchant: makeMerchant({ is_master: true }) });
      const calls = ownerWithEveryApp(owner, okPage([]));
      renderApp('/sub-merchants');
      expect(await screen.findByRole('heading', { name: 'Sub-merchants' })).toBeTruthy();
      await waitFor(() => expect(calls.some((call) => call.url?.startsWith('/merchant/sub-merchants/'))).toBe(true));
      expect(calls.some((call) => call.url?.startsWith('/admin/'))).toBe(false);
    });

    it('a pending Payment Hub explains why its pages do not open', async () => {
      const owner = makeUser({ id: 'u-2', role: 2, merchant: makeMerchant({ payment_hub_status: 1 }) });
      ownerWithEveryApp(owner, fail(403, 'forbidden', 'The Payment Hub is not active for this merchant yet.'));
      renderApp('/products');
      expect(await screen.findByTestId('unauthorized')).toBeTruthy();
      expect(screen.getByTestId('unauthorized-reason').textContent).toContain('Payment Hub is pending');
      // Every page says the account awaits activation and what happens next.
      expect(screen.getByTestId('activation-banner').textContent).toContain('Your account is awaiting activation.');
      expect(screen.getByTestId('activation-banner').textContent).toContain('once it is active');
    });
  });
});
