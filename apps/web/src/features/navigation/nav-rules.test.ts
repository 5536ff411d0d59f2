import { type AdminPermissions, ALL_ACCESS, HUB_STATUS } from '@kassa/contract/access';
import type { AppAccessEntry } from '@kassa/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  buildNavigation,
  canOpenPath,
  canViewApp,
  hasNoAdminPermission,
  isNavItemActive,
  isSidebarHidden,
  landingRoute,
  type NavContext,
  type NavGroup,
} from './nav-rules.ts';

const APP_NAMES = ['Dashboard', 'VT', 'PR', 'PCON', 'QP', 'INV', 'FCON', 'Users'];
const fullAccess: AppAccessEntry[] = APP_NAMES.map((app, i) => ({ app_key: i + 1, app, access: [...ALL_ACCESS] }));
const accessTo = (grants: Record<number, number[]>): AppAccessEntry[] =>
  Object.entries(grants).map(([key, access]) => ({ app_key: Number(key), app: APP_NAMES[Number(key) - 1]!, access }));
const perms = (flags: Partial<AdminPermissions> = {}): AdminPermissions => ({
  view_merchant: 0,
  view_catalog: 0,
  view_transactions: 0,
  view_industry_type: 0,
  ...flags,
});
const activeMerchant = {
  payment_hub_status: HUB_STATUS.ACTIVE,
  finance_hub_status: HUB_STATUS.ACTIVE,
  is_master: false,
};

const ctx = (over: Partial<NavContext>): NavContext => ({
  role: 2,
  adminPermission: null,
  access: [],
  merchant: activeMerchant,
  allowedTabs: null,
  ...over,
});
const labels = (groups: NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.label));
const group = (groups: NavGroup[], key: string) => groups.find((g) => g.key === key);

describe('platform admin (role 1)', () => {
  const nav = buildNavigation(ctx({ role: 1, merchant: null }));

  it('sees the whole admin group, Admin Users being the fourth entry', () => {
    expect(labels(nav)).toEqual([
      'Merchants',
      'Catalog',
      'Transactions',
      'Admin Users',
      'Industry Type',
      'All Configured Providers',
      'Financial Connections',
      'Sub-merchants',
    ]);
  });

  it('never sees merchant entries', () => {
    expect(labels(nav)).not.toContain('User Management');
    expect(labels(nav)).not.toContain('Dashboard');
  });

  it('Merchants is also active on a merchant detail page', () => {
    const merchants = nav[0]!.items[0]!;
    expect(isNavItemActive(merchants, '/merchants')).toBe(true);
    expect(isNavItemActive(merchants, '/merchant-detail/42')).toBe(true);
    expect(isNavItemActive(merchants, '/catalog')).toBe(false);
  });

  it('lands on Merchants', () => {
    expect(landingRoute(ctx({ role: 1, merchant: null }))).toBe('/merchants');
  });
});

describe('staff admin (role 4)', () => {
  const nav = (flags: Partial<AdminPermissions>) =>
    labels(buildNavigation(ctx({ role: 4, merchant: null, adminPermission: perms(flags) })));

  it('sees only the entries of its view flags, never Admin Users', () => {
    expect(nav({ view_merchant: 1, view_transactions: 1 })).toEqual(['Merchants', 'Transactions']);
    expect(nav({ view_catalog: 1, view_industry_type: 1 })).toEqual(['Catalog', 'Industry Type']);
    expect(nav({ view_merchant: 1, view_catalog: 1, view_transactions: 1, view_industry_type: 1 })).toEqual([
      'Merchants',
      'Catalog',
      'Transactions',
      'Industry Type',
    ]);
  });

  it('sees nothing while the permission set is not loaded', () => {
    expect(labels(buildNavigation(ctx({ role: 4, merchant: null, adminPermission: null })))).toEqual([]);
  });

  it('with every flag at 0 has no permission at all', () => {
    expect(hasNoAdminPermission(perms())).toBe(true);
    expect(nav({})).toEqual([]);
    for (const flag of ['view_merchant', 'view_catalog', 'view_transactions', 'view_industry_type'] as const) {
      expect(hasNoAdminPermission(perms({ [flag]: 1 }))).toBe(false);
    }
  });

  it('lands on Merchants, else Catalog, else Transactions, else home', () => {
    const land = (flags: Partial<AdminPermissions>) =>
      landingRoute(ctx({ role: 4, merchant: null, adminPermission: perms(flags) }));
    expect(land({ view_merchant: 1, view_catalog: 1, view_transactions: 1 })).toBe('/merchants');
    expect(land({ view_catalog: 1, view_transactions: 1 })).toBe('/catalog');
    expect(land({ view_transactions: 1, view_industry_type: 1 })).toBe('/transactions');
    expect(land({ view_industry_type: 1 })).toBe('/');
  });
});

describe('merchant owner and staff (roles 2 and 5)', () => {
  for (const role of [2, 5]) {
    it(`role ${role} sees Dashboard, both hubs and User Management with full access`, () => {
      const nav = buildNavigation(ctx({ role, access: fullAccess }));
      expect(nav.map((g) => g.title)).toEqual([null, 'Payment Hub', 'Financing Hub', 'Settings']);
      expect(labels(nav)).toEqual([
        'Dashboard',
        'Virtual Terminal',
        'Products',
        'Payment Connections',
        'Quick Payments',
        'Invoices',
        'Recurring invoices',
        'Subscriptions',
        'Customers',
        'Transactions',
        'Connections',
        'User Management',
        'Setup',
        'Embed Settings',
        'Developers',
      ]);
    });

    it(`role ${role} always sees User Management, even with an empty access list`, () => {
      expect(labels(buildNavigation(ctx({ role, access: [] })))).toContain('User Management');
    });
  }

  it('a master merchant also sees Sub-merchants', () => {
    const nav = buildNavigation(ctx({ access: fullAccess, merchant: { ...activeMerchant, is_master: true } }));
    expect(group(nav, 'business')?.items.map((i) => i.label)).toEqual(['Sub-merchants']);
  });

  it('lands on the dashboard', () => {
    expect(landingRoute(ctx({ role: 2, access: fullAccess }))).toBe('/dashboard');
  });
});

describe('merchant sub-user (role 3)', () => {
  it('sees only the apps of its access list (clerk: Products view, Invoices view/create)', () => {
    const nav = buildNavigation(
      ctx({ role: 3, access: accessTo({ 3: [1], 6: [1, 2] }), merchant: { ...activeMerchant, is_master: true } }),
    );
    expect(labels(nav)).toEqual(['Products', 'Invoices', 'Recurring invoices', 'Subscriptions', 'Transactions']);
    expect(nav.map((g) => g.title)).toEqual(['Payment Hub']);
  });

  it('needs the view code, not just any code', () => {
    expect(labels(buildNavigation(ctx({ role: 3, access: accessTo({ 3: [2, 3], 5: [1] }) })))).toEqual([
      'Quick Payments',
      'Transactions',
    ]);
  });

  it('sees User Management only with Users app (8) view', () => {
    expect(labels(buildNavigation(ctx({ role: 3, access: accessTo({ 8: [1] }) })))).toEqual(['User Management']);
    expect(labels(buildNavigation(ctx({ role: 3, access: accessTo({ 8: [2, 3, 4] }) })))).toEqual([]);
  });

  it('sees the Dashboard entry only with Dashboard app (1) view, and lands on it or its first app', () => {
    const withDashboard = ctx({ role: 3, access: accessTo({ 1: [1], 3: [1] }) });
    expect(labels(buildNavigation(withDashboard))).toEqual(['Dashboard', 'Products', 'Transactions']);
    expect(landingRoute(withDashboard)).toBe('/dashboard');
    const withoutDashboard = ctx({ role: 3, access: accessTo({ 1: [2], 3: [1] }) });
    expect(labels(buildNavigation(withoutDashboard))).toEqual(['Products', 'Transactions']);
    expect(landingRoute(withoutDashboard)).toBe('/products');
  });

  it("never lands on the owner's Welcome checklist", () => {
    expect(landingRoute(ctx({ role: 3, access: accessTo({ 6: [1, 2] }) }))).toBe('/invoice');
    // Nothing it may open (or every app greyed out by a pending hub): the home overview says so.
    expect(landingRoute(ctx({ role: 3, access: [] }))).toBe('/');
    const pending = { ...activeMerchant, payment_hub_status: HUB_STATUS.PENDING };
    expect(landingRoute(ctx({ role: 3, access: accessTo({ 3: [1] }), merchant: pending }))).toBe('/');
  });

  it('never gets Setup, Embed Settings or Developers', () => {
    const nav = labels(
      buildNavigation(ctx({ role: 3, access: fullAccess, merchant: { ...activeMerchant, is_master: true } })),
    );
    expect(nav).not.toContain('Setup');
    expect(nav).not.toContain('Embed Settings');
    expect(nav).not.toContain('Developers');
  });

  it('gets Sub-merchants at a master merchant only with Dashboard view', () => {
    const master = { ...activeMerchant, is_master: true };
    const nav = (access: AppAccessEntry[], merchant = master) =>
      labels(buildNavigation(ctx({ role: 3, access, merchant })));
    expect(nav(accessTo({ 1: [1] }))).toContain('Sub-merchants');
    expect(nav(accessTo({ 1: [2, 3, 4], 3: [1] }))).not.toContain('Sub-merchants');
    expect(nav(accessTo({ 1: [1] }), activeMerchant)).not.toContain('Sub-merchants');
  });
});

describe('Customers (merchant roles)', () => {
  it('follows Virtual Terminal view, just before Transactions, and opens its detail pages', () => {
    const owner = buildNavigation(ctx({ role: 2, access: [] }));
    expect(
      group(owner, 'payment-hub')
        ?.items.map((i) => i.label)
        .slice(-2),
    ).toEqual(['Customers', 'Transactions']);
    const clerk = (access: AppAccessEntry[]) => labels(buildNavigation(ctx({ role: 3, access })));
    expect(clerk(accessTo({ 2: [1] }))).toContain('Customers');
    expect(clerk(accessTo({ 2: [2, 3, 4], 3: [1] }))).not.toContain('Customers');
    expect(canOpenPath(ctx({ role: 2, access: [] }), '/customers/0b8d3a52-6f4c-4f1e-9a63-2f1d7c9e5a10')).toBe(true);
    expect(canOpenPath(ctx({ role: 3, access: accessTo({ 3: [1] }) }), '/customers')).toBe(false);
  });

  it('opens in an embedded session only with the Virtual Terminal segment', () => {
    const embedded = (allowedTabs: string[]) => labels(buildNavigation(ctx({ role: 2, access: [], allowedTabs })));
    expect(embedded(['VT'])).toContain('Customers');
    expect(embedded(['PR'])).not.toContain('Customers');
  });
});

describe('Payment Hub and Financing Hub', () => {
  it('builds one Payment Hub link per permitted app, skipping Dashboard (1), FCON (7) and Users (8), in a fixed order', () => {
    const access = accessTo({ 8: [1], 6: [1], 1: [1], 2: [1], 7: [1] });
    const nav = buildNavigation(ctx({ role: 3, access }));
    expect(group(nav, 'payment-hub')?.items.map((i) => i.path)).toEqual([
      '/virtualterminal',
      '/invoice',
      '/recurring-invoices',
      '/subscriptions',
      '/customers',
      '/transactions',
    ]);
    expect(group(nav, 'financing-hub')?.items.map((i) => i.label)).toEqual(['Connections']);
  });

  it('hides a hub without any permitted app', () => {
    const nav = buildNavigation(ctx({ role: 3, access: accessTo({ 1: [1] }) }));
    expect(group(nav, 'payment-hub')).toBeUndefined();
    expect(group(nav, 'financing-hub')).toBeUndefined();
  });

  it.each([HUB_STATUS.PENDING, HUB_STATUS.IN_REVIEW, HUB_STATUS.SUSPENDED])(
    'greys out a hub with status %i and disables its links',
    (status) => {
      const nav = buildNavigation(
        ctx({
          access: fullAccess,
          merchant: { ...activeMerchant, payment_hub_status: status, finance_hub_status: status },
        }),
      );
      for (const key of ['payment-hub', 'financing-hub']) {
        const hub = group(nav, key)!;
        expect(hub.disabled).toBe(true);
        expect(hub.statusLabel).toBeTruthy();
        expect(hub.items.every((i) => i.disabled)).toBe(true);
      }
      expect(group(nav, 'settings')?.disabled).toBe(false);
      expect(group(nav, 'overview')?.items[0]?.disabled).toBe(false);
    },
  );

  it('greys out only the hub that is not active', () => {
    const nav = buildNavigation(ctx({ access: fullAccess, merchant: { ...activeMerchant, finance_hub_status: 2 } }));
    expect(group(nav, 'payment-hub')?.disabled).toBe(false);
    expect(group(nav, 'payment-hub')?.items.some((i) => i.disabled)).toBe(false);
    expect(group(nav, 'financing-hub')?.disabled).toBe(true);
    expect(group(nav, 'financing-hub')?.statusLabel).toBe('In review');
  });

  it('keeps Payment Connections active on every connection kind page and Invoices on add/edit', () => {
    const hub = group(buildNavigation(ctx({ access: fullAccess })), 'payment-hub')!;
    const pcon = hub.items.find((i) => i.label === 'Payment Connections')!;
    expect(isNavItemActive(pcon, '/giftcardservice')).toBe(true);
    expect(isNavItemActive(pcon, '/antifraudservice')).toBe(true);
    const invoices = hub.items.find((i) => i.label === 'Invoices')!;
    expect(isNavItemActive(invoices, '/add-edit-invoice')).toBe(true);
    expect(isNavItemActive(invoices, '/invoices-other')).toBe(false);
    // Recurring invoices are their own entry, right under Invoices, active on their pages.
    const recurring = hub.items[hub.items.indexOf(invoices) + 1]!;
    expect(recurring.label).toBe('Recurring invoices');
    expect(isNavItemActive(recurring, '/recurring-invoices/0f4c/edit')).toBe(true);
    expect(isNavItemActive(invoices, '/recurring-invoices')).toBe(false);
  });
});

describe('Transactions (merchant roles)', () => {
  const transactionsOf = (over: Partial<NavContext>) =>
    buildNavigation(ctx(over))
      .flatMap((g) => g.items.map((i) => ({ ...i, group: g.key })))
      .find((i) => i.key === 'transactions');

  it('is the last Payment Hub entry of owners and staff, whatever their access list, and active on a detail', () => {
    for (const role of [2, 5]) {
      const entry = transactionsOf({ role, access: [] });
      expect(entry).toMatchObject({ label: 'Transactions', path: '/transactions', group: 'payment-hub' });
      expect(isNavItemActive(entry!, '/transactions/3f1c')).toBe(true);
    }
    expect(group(buildNavigation(ctx({ access: fullAccess })), 'payment-hub')?.items.at(-1)?.label).toBe(
      'Transactions',
    );
  });

  it('shows a sub-user with view on any paying app (VT, PR, QP, INV), not on the others', () => {
    for (const app of [2, 3, 5, 6]) {
      expect(transactionsOf({ role: 3, access: accessTo({ [app]: [1] }) }), `app ${app}`).toBeDefined();
    }
    for (const app of [1, 4, 7, 8]) {
      expect(transactionsOf({ role: 3, access: accessTo({ [app]: [1, 2, 3, 4] }) }), `app ${app}`).toBeUndefined();
    }
    expect(transactionsOf({ role: 3, access: accessTo({ 2: [2, 3, 4], 3: [2] }) })).toBeUndefined();
  });

  it('is greyed out with the Payment Hub when its status is not 3', () => {
    const merchant = { ...activeMerchant, payment_hub_status: HUB_STATUS.SUSPENDED };
    expect(transactionsOf({ access: fullAccess, merchant })?.disabled).toBe(true);
    expect(transactionsOf({ access: fullAccess })?.disabled).toBe(false);
  });

  it('opens in embed mode only through an allowed paying app the user may view', () => {
    expect(transactionsOf({ access: fullAccess, allowedTabs: ['VT'] })).toBeDefined();
    expect(transactionsOf({ access: fullAccess, allowedTabs: ['DASH', 'PCON', 'FCON'] })).toBeUndefined();
    // A sub-user viewing VT, embedded with PR only: the API refuses, so no entry.
    expect(transactionsOf({ role: 3, access: accessTo({ 2: [1] }), allowedTabs: ['PR'] })).toBeUndefined();
    expect(transactionsOf({ role: 3, access: accessTo({ 2: [1] }), allowedTabs: ['PR', 'VT'] })).toBeDefined();
  });

  it('never changes where an embedded session lands', () => {
    expect(landingRoute(ctx({ access: fullAccess, allowedTabs: ['INV'] }))).toBe('/invoice');
  });
});

describe('embed mode', () => {
  it('limits the menu to the allowed segments', () => {
    const nav = buildNavigation(ctx({ role: 2, access: fullAccess, allowedTabs: ['PR', 'INV'] }));
    expect(labels(nav)).toEqual(['Products', 'Invoices', 'Recurring invoices', 'Subscriptions', 'Transactions']);
  });

  it('can allow the dashboard and the financing connections', () => {
    const nav = buildNavigation(ctx({ role: 2, access: fullAccess, allowedTabs: ['DASH', 'FCON'] }));
    expect(labels(nav)).toEqual(['Dashboard', 'Connections']);
  });

  it('still needs the app access for an allowed segment', () => {
    expect(labels(buildNavigation(ctx({ role: 3, access: accessTo({ 3: [1] }), allowedTabs: ['PR', 'QP'] })))).toEqual([
      'Products',
      'Transactions',
    ]);
  });

  it('lands on the first allowed, enabled entry', () => {
    expect(landingRoute(ctx({ role: 2, access: fullAccess, allowedTabs: ['QP', 'INV'] }))).toBe('/quickpayment');
    expect(landingRoute(ctx({ role: 2, access: fullAccess, allowedTabs: ['DASH', 'QP'] }))).toBe('/dashboard');
    expect(landingRoute(ctx({ role: 2, access: fullAccess, allowedTabs: [] }))).toBe('/');
  });

  it('hides the sidebar only when embedded with no tabs', () => {
    expect(isSidebarHidden([])).toBe(true);
    expect(isSidebarHidden(['PR'])).toBe(false);
    expect(isSidebarHidden(null)).toBe(false);
  });
});

describe('canViewApp', () => {
  it("reads a sub-user's access code 1 of the matching app only; owners and staff view every app", () => {
    const access = accessTo({ 3: [1], 4: [2] });
    expect(canViewApp({ role: 3, access }, 3)).toBe(true);
    expect(canViewApp({ role: 3, access }, 4)).toBe(false);
    expect(canViewApp({ role: 3, access }, 5)).toBe(false);
    expect(canViewApp({ role: 2, access: [] }, 5)).toBe(true);
    expect(canViewApp({ role: 5, access: [] }, 8)).toBe(true);
    expect(canViewApp({ role: 1, access }, 3)).toBe(false);
  });
});

describe('canOpenPath: a typed address opens what the menu offers', () => {
  const staffAdmin = ctx({
    role: 4,
    merchant: null,
    adminPermission: perms({ view_merchant: 1, view_transactions: 1 }),
  });
  const clerk = ctx({ role: 3, access: accessTo({ 3: [1], 6: [1, 2] }) });

  it('refuses a staff admin the platform-admin pages and those its flags do not open', () => {
    for (const path of ['/admin-users', '/industry-types', '/catalog', '/all-configured-providers', '/sub-merchants']) {
      expect(canOpenPath(staffAdmin, path)).toBe(false);
    }
    for (const path of [
      '/merchants',
      '/merchant-detail/m-1',
      '/transactions',
      '/transactions/t-1',
      '/change-password',
    ]) {
      expect(canOpenPath(staffAdmin, path)).toBe(true);
    }
  });

  it('refuses a sub-user the apps it has no view on, the settings and Welcome', () => {
    for (const path of ['/dashboard', '/virtualterminal', '/quickpayment', '/paymentservice', '/users', '/setup']) {
      expect(canOpenPath(clerk, path)).toBe(false);
    }
    expect(canOpenPath(clerk, '/welcome')).toBe(false);
    expect(canOpenPath(clerk, '/embed-settings')).toBe(false);
    for (const path of ['/products', '/invoice', '/add-edit-invoice', '/transactions/t-9', '/']) {
      expect(canOpenPath(clerk, path)).toBe(true);
    }
  });

  it('opens a saved invoice with view on Invoices, and a new one only with create', () => {
    const viewer = ctx({ role: 3, access: accessTo({ 6: [1] }) });
    expect(canOpenPath(viewer, '/add-edit-invoice', '?id=inv-1')).toBe(true);
    expect(canOpenPath(viewer, '/add-edit-invoice')).toBe(false);
    expect(canOpenPath(ctx({ role: 3, access: accessTo({ 6: [1, 3] }) }), '/add-edit-invoice')).toBe(false);
    expect(canOpenPath(ctx({ role: 3, access: accessTo({ 6: [1, 2] }) }), '/add-edit-invoice')).toBe(true);
  });

  it('refuses merchant pages to admins and admin pages to merchant owners', () => {
    expect(canOpenPath(ctx({ role: 1, merchant: null }), '/dashboard')).toBe(false);
    expect(canOpenPath(ctx({ role: 2, access: fullAccess }), '/merchants')).toBe(false);
    expect(canOpenPath(ctx({ role: 2, access: fullAccess }), '/welcome')).toBe(true);
  });

  it('does not open a greyed-out hub', () => {
    const pending = { ...activeMerchant, payment_hub_status: HUB_STATUS.PENDING };
    expect(canOpenPath(ctx({ role: 2, access: fullAccess, merchant: pending }), '/products')).toBe(false);
    expect(canOpenPath(ctx({ role: 2, access: fullAccess, merchant: pending }), '/connections')).toBe(true);
  });

  it('keeps an embedded session to its segments', () => {
    const embedded = ctx({ role: 2, access: fullAccess, allowedTabs: ['INV'] });
    expect(canOpenPath(embedded, '/invoice')).toBe(true);
    expect(canOpenPath(embedded, '/products')).toBe(false);
    expect(canOpenPath(embedded, '/change-password')).toBe(false);
    expect(canOpenPath(embedded, '/setup')).toBe(false);
  });
});
