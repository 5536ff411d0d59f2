// Side navigation and landing rules (docs/product-rules.md#side-navigation, docs/product-rules.md#roles-and-permissions; docs/ARCHITECTURE.md) as pure functions of the session,
// so every rule is unit-tested without rendering. The server enforces access; hiding an entry is
// never the only check.
//
// Decisions where the spec leaves room (documented here, tested in nav-rules.test.ts):
// - Role 1 "Platform" group: Merchants (also active on merchant detail), Catalog, Transactions, Admin
//   Users (the spec's fourth admin entry, "Users (admin)"), Industry Type, then the other back-office
//   pages fill: All Configured Providers, Financial Connections, Sub-merchants.
// - Role 4 sees the first five entries without Admin Users, each gated by its view flag; the
//   role-1-only pages have no flag, so role 4 does not see them.
// - Payment Hub: one link per app of the Payment Hub (VT, PR, PCON, QP, INV) whose access includes
//   view (1). That skips the Dashboard app (1) and the Users app (key 8) as docs/product-rules.md#side-navigation says, and also
//   the Financing Connections app (7), which is the Financing Hub's own link.
// - Financing Hub: one link, Connections, shown when the FCON app access includes view.
// - Transactions (docs/product-rules.md#side-navigation lists it; it has no app of its own): last in the Payment Hub group, so it
//   greys out with the hub. The API's rule (requireTransactionAccess in apps/api/src/lib/access.ts):
//   owners and staff always; a sub-user with view on a paying app (VT, PR, QP, INV); an embedded
//   session only when one of those apps' codes is among its segments (and, for a sub-user, viewable).
// - Roles 2 and 5: User Management always, plus the "further shared group" Setup and Embed
//   Settings; Sub-merchants is the group "shown under a flag": only for a master merchant.
//   Role 3: User Management only with Users app (8) view; no settings (a clerk sees only its apps);
//   Sub-merchants at a master only with Dashboard view, the app through which it reads the
//   sub-merchants' data (the rule of GET /merchant/sub-merchants/).
// - Recurring invoices: right under Invoices, with Invoices view (the app the API checks for them).
// - Customers: just before Transactions in the Payment Hub group, with Virtual Terminal view (the app the
//   API checks for customers), so an embedded session needs the VT segment.
// - Embed mode (allowedTabs set): only entries with an allowed segment (Dashboard, hub apps and
//   Transactions through its paying apps).
import {
  type AdminPermissionFlag,
  type AdminPermissions,
  APP,
  APPS,
  type AppKey,
  HUB_STATUS_LABEL,
  hasAdminFlag,
  hasAppAccess,
  isHubActive,
  PAYING_APP_KEYS,
  ROLE,
} from '@kassa/contract/access';
import type { AppAccessEntry } from '@kassa/contract/auth';
import { PATHS } from '../../config/paths.ts';

export type NavIcon =
  | 'merchants'
  | 'catalog'
  | 'transactions'
  | 'customers'
  | 'admin-users'
  | 'industry'
  | 'providers'
  | 'financial'
  | 'sub-merchants'
  | 'dashboard'
  | 'virtual-terminal'
  | 'products'
  | 'payment-connections'
  | 'quick-payments'
  | 'invoices'
  | 'connections'
  | 'users'
  | 'setup'
  | 'embed'
  | 'key';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  icon: NavIcon;
  /** Paths (and their sub-paths) on which the entry shows as active. */
  activePaths: string[];
  disabled: boolean;
  /** Embed segment codes (docs/product-rules.md#entities): an embedded session may open the entry when one is allowed. */
  segments?: readonly string[];
}

export interface NavGroup {
  key: string;
  title: string | null;
  items: NavItem[];
  /** docs/product-rules.md#side-navigation: a hub whose status is not 3 is greyed out with its links disabled. */
  disabled: boolean;
  /** Hub status label shown beside a greyed-out hub. */
  statusLabel?: string;
}

export interface NavMerchant {
  payment_hub_status: number;
  finance_hub_status: number;
  is_master: boolean;
}

export interface NavContext {
  role: number;
  adminPermission: AdminPermissions | null;
  access: readonly AppAccessEntry[];
  merchant: NavMerchant | null;
  /** Allowed embed segments; null outside embed mode. */
  allowedTabs: readonly string[] | null;
}

const item = (key: string, label: string, path: string, icon: NavIcon, extra: Partial<NavItem> = {}): NavItem => ({
  key,
  label,
  path,
  icon,
  activePaths: [path],
  disabled: false,
  ...extra,
});

/** View on the app by the API's own rule (hasAppAccess): owners and staff always, a sub-user by its codes. */
export const canViewApp = (ctx: Pick<NavContext, 'role' | 'access'>, app: AppKey) =>
  hasAppAccess({ role: ctx.role, appAccess: new Map(ctx.access.map((e) => [e.app_key, e.access])) }, app, 'view');

/** docs/product-rules.md#roles-and-permissions: a staff admin with every view flag at 0 has nothing to open and is signed out. */
export const hasNoAdminPermission = (permission: AdminPermissions) =>
  !permission.view_merchant &&
  !permission.view_catalog &&
  !permission.view_transactions &&
  !permission.view_industry_type;

const merchantsItem = () =>
  item('merchants', 'Merchants', PATHS.merchants, 'merchants', { activePaths: [PATHS.merchants, '/merchant-detail'] });

function adminGroup(ctx: NavContext): NavGroup {
  const isPlatformAdmin = ctx.role === ROLE.PLATFORM_ADMIN;
  // The server's rule for the admin pages (requireAdmin).
  const allowed = (flag: AdminPermissionFlag) =>
    hasAdminFlag({ role: ctx.role, adminPermissions: ctx.adminPermission }, flag);
  const items: NavItem[] = [];
  if (allowed('view_merchant')) items.push(merchantsItem());
  if (allowed('view_catalog')) items.push(item('catalog', 'Catalog', PATHS.catalog, 'catalog'));
  if (allowed('view_transactions'))
    items.push(item('transactions', 'Transactions', PATHS.transactions, 'transactions'));
  if (isPlatformAdmin) items.push(item('admin-users', 'Admin Users', PATHS.adminUsers, 'admin-users'));
  if (allowed('view_industry_type')) {
    items.push(item('industry-types', 'Industry Type', PATHS.industryTypes, 'industry'));
  }
  if (isPlatformAdmin) {
    items.push(
      item('all-configured-providers', 'All Configured Providers', PATHS.allConfiguredProviders, 'providers'),
      item('financial-connections', 'Financial Connections', PATHS.financialConnections, 'financial'),
      item('sub-merchants', 'Sub-merchants', PATHS.subMerchants, 'sub-merchants'),
    );
  }
  return { key: 'platform', title: 'Platform', items, disabled: false };
}

const PAYMENT_APP_ICONS: Record<number, NavIcon> = {
  [APP.VIRTUAL_TERMINAL]: 'virtual-terminal',
  [APP.PRODUCTS]: 'products',
  [APP.PAYMENT_CONNECTIONS]: 'payment-connections',
  [APP.QUICK_PAYMENTS]: 'quick-payments',
  [APP.INVOICES]: 'invoices',
};

const EXTRA_ACTIVE_PATHS: Record<number, string[]> = {
  [APP.PAYMENT_CONNECTIONS]: [PATHS.giftCardService, PATHS.digitalWallet, PATHS.antiFraudService],
  [APP.INVOICES]: [PATHS.addEditInvoice],
};

const hubGroup = (key: string, title: string, status: number | undefined, items: NavItem[]): NavGroup => {
  const active = isHubActive(status);
  return {
    key,
    title,
    disabled: !active,
    statusLabel: active ? undefined : (HUB_STATUS_LABEL[status ?? 0] ?? 'Not active'),
    items: items.map((entry) => ({ ...entry, disabled: !active })),
  };
};

/** Apps whose payments become transactions — the same list the API checks. */
const PAYING_APPS = APPS.filter((app) => PAYING_APP_KEYS.includes(app.key));

/** Transactions through the paying apps that open it; null when none does. */
function transactionsItem(ctx: NavContext): NavItem | null {
  const apps = PAYING_APPS.filter((app) => canViewApp(ctx, app.key));
  if (apps.length === 0) return null;
  return item('transactions', 'Transactions', PATHS.transactions, 'transactions', {
    segments: apps.map((app) => app.code),
  });
}

function merchantGroups(ctx: NavContext): NavGroup[] {
  const groups: NavGroup[] = [];
  const isOwnerOrStaff = ctx.role === ROLE.MERCHANT_OWNER || ctx.role === ROLE.MERCHANT_STAFF;

  if (canViewApp(ctx, APP.DASHBOARD)) {
    groups.push({
      key: 'overview',
      title: null,
      disabled: false,
      items: [item('dashboard', 'Dashboard', PATHS.dashboard, 'dashboard', { segments: ['DASH'] })],
    });
  }

  // Walk APPS (not the access list) so the menu order is fixed whatever order the server sends.
  const paymentItems = APPS.filter((app) => app.hub === 'payment' && canViewApp(ctx, app.key)).map((app) =>
    item(`app-${app.code.toLowerCase()}`, app.name, app.path, PAYMENT_APP_ICONS[app.key] ?? 'products', {
      segments: [app.code],
      activePaths: [app.path, ...(EXTRA_ACTIVE_PATHS[app.key] ?? [])],
    }),
  );
  // Recurring invoices are the Invoices app's: listed right under Invoices.
  const invoicesAt = paymentItems.findIndex((entry) => entry.key === 'app-inv');
  if (invoicesAt >= 0) {
    paymentItems.splice(
      invoicesAt + 1,
      0,
      item('recurring-invoices', 'Recurring invoices', PATHS.recurringInvoices, 'invoices', { segments: ['INV'] }),
    );
  }
  // Customers are the Virtual Terminal's (apps/api/src/modules/customers/customers.service.ts), listed
  // just before Transactions, which stays last.
  // Subscriptions make and charge invoices: the Invoices app's (subscriptions.service.ts), before Customers.
  if (canViewApp(ctx, APP.INVOICES)) {
    paymentItems.push(item('subscriptions', 'Subscriptions', PATHS.subscriptions, 'invoices', { segments: ['INV'] }));
  }
  if (canViewApp(ctx, APP.VIRTUAL_TERMINAL)) {
    paymentItems.push(item('customers', 'Customers', PATHS.customers, 'customers', { segments: ['VT'] }));
  }
  const transactions = transactionsItem(ctx);
  if (transactions) paymentItems.push(transactions);
  if (paymentItems.length > 0) {
    groups.push(hubGroup('payment-hub', 'Payment Hub', ctx.merchant?.payment_hub_status, paymentItems));
  }

  if (canViewApp(ctx, APP.FINANCING_CONNECTIONS)) {
    const connections = item('connections', 'Connections', PATHS.connections, 'connections', { segments: ['FCON'] });
    groups.push(hubGroup('financing-hub', 'Financing Hub', ctx.merchant?.finance_hub_status, [connections]));
  }

  if (canViewApp(ctx, APP.DASHBOARD) && ctx.merchant?.is_master) {
    groups.push({
      key: 'business',
      title: 'Business',
      disabled: false,
      items: [item('sub-merchants', 'Sub-merchants', PATHS.subMerchants, 'sub-merchants')],
    });
  }

  const settings: NavItem[] = [];
  if (canViewApp(ctx, APP.USERS)) {
    settings.push(item('user-management', 'User Management', PATHS.users, 'users'));
  }
  if (isOwnerOrStaff) {
    settings.push(
      item('setup', 'Setup', PATHS.setup, 'setup'),
      item('embed-settings', 'Embed Settings', PATHS.embedSettings, 'embed'),
      item('developers', 'Developers', PATHS.developers, 'key'),
    );
  }
  if (settings.length > 0) groups.push({ key: 'settings', title: 'Settings', disabled: false, items: settings });
  return groups;
}

/** Embed sessions only open their allowed segments (docs/product-rules.md#states-and-transitions "Embed login flow"). */
function limitToSegments(groups: NavGroup[], allowedTabs: readonly string[]): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((entry) => entry.segments?.some((segment) => allowedTabs.includes(segment))),
    }))
    .filter((group) => group.items.length > 0);
}

export function buildNavigation(ctx: NavContext): NavGroup[] {
  let groups: NavGroup[];
  if (ctx.role === ROLE.PLATFORM_ADMIN || ctx.role === ROLE.STAFF_ADMIN) groups = [adminGroup(ctx)];
  else groups = merchantGroups(ctx);
  if (ctx.allowedTabs !== null) groups = limitToSegments(groups, ctx.allowedTabs);
  return groups.filter((group) => group.items.length > 0);
}

/** docs/product-rules.md#layout: the sidebar is hidden in embedded mode when no tabs are allowed. */
export const isSidebarHidden = (allowedTabs: readonly string[] | null) =>
  allowedTabs !== null && allowedTabs.length === 0;

/** True when pathname is one of the entry's paths or below one of them. */
export const isNavItemActive = (entry: NavItem, pathname: string) =>
  entry.activePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

const isOwnerOrStaffRole = (role: number) => role === ROLE.MERCHANT_OWNER || role === ROLE.MERCHANT_STAFF;

/** The first entry of the menu that opens, or null when every entry is greyed out or none exists. */
const firstOpenEntry = (ctx: NavContext) =>
  buildNavigation(ctx)
    .flatMap((group) => group.items)
    .find((entry) => !entry.disabled) ?? null;

/**
 * Whether the user may open a private page: the same rule as the menu, so an address typed by hand
 * opens exactly what a click could. A greyed-out entry (hub not active) does not open. Besides the
 * menu: home for everyone, the Welcome checklist for owners and staff, the password page outside an
 * embedded session, and the invoice editor: a saved invoice with view, a new one with create.
 */
export function canOpenPath(ctx: NavContext, pathname: string, search = ''): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === PATHS.home) return true;
  if (path === PATHS.changePassword) return ctx.allowedTabs === null;
  if (path === PATHS.welcome) return ctx.allowedTabs === null && isOwnerOrStaffRole(ctx.role);
  const entry = buildNavigation(ctx)
    .flatMap((group) => group.items)
    .find((candidate) => isNavItemActive(candidate, path));
  if (!entry || entry.disabled) return false;
  // The editor shows a saved invoice to whoever may view it (read-only without edit); a new one
  // takes create, the right its save (POST /invoice/) needs.
  if (path === PATHS.addEditInvoice && !new URLSearchParams(search).has('id')) {
    const appAccess = new Map(ctx.access.map((grant) => [grant.app_key, grant.access]));
    return hasAppAccess({ role: ctx.role, appAccess }, APP.INVOICES, 'create');
  }
  return true;
}

/**
 * Where a user lands after sign-in (docs/product-rules.md#side-navigation): role 4 goes to Merchants, else Catalog, else
 * Transactions, else home, by its view flags; role 1 to Merchants; a merchant user to the Dashboard
 * when it may view it; else an owner or staff member to the Welcome checklist, and a sub-user or an
 * embedded session to the first entry of its menu that opens (home when none does).
 */
export function landingRoute(ctx: NavContext): string {
  if (ctx.role === ROLE.PLATFORM_ADMIN) return PATHS.merchants;
  if (ctx.role === ROLE.STAFF_ADMIN) {
    const permission = ctx.adminPermission;
    if (permission?.view_merchant) return PATHS.merchants;
    if (permission?.view_catalog) return PATHS.catalog;
    if (permission?.view_transactions) return PATHS.transactions;
    return PATHS.home;
  }
  if (ctx.allowedTabs !== null || !isOwnerOrStaffRole(ctx.role)) return firstOpenEntry(ctx)?.path ?? PATHS.home;
  return canViewApp(ctx, APP.DASHBOARD) ? PATHS.dashboard : PATHS.welcome;
}
