// Roles, apps, access codes and hub statuses (docs/product-rules.md#entities, docs/product-rules.md#roles-and-permissions; docs/ARCHITECTURE.md). Shared by API and web so
// the menu a user sees and the checks the server makes come from the same table.
export const ROLE = {
  PLATFORM_ADMIN: 1,
  MERCHANT_OWNER: 2,
  MERCHANT_SUB_USER: 3,
  STAFF_ADMIN: 4,
  MERCHANT_STAFF: 5,
} as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export const MERCHANT_ROLES: readonly number[] = [ROLE.MERCHANT_OWNER, ROLE.MERCHANT_SUB_USER, ROLE.MERCHANT_STAFF];
export const ADMIN_ROLES: readonly number[] = [ROLE.PLATFORM_ADMIN, ROLE.STAFF_ADMIN];

export const isMerchantRole = (role: number) => MERCHANT_ROLES.includes(role);
export const isAdminRole = (role: number) => ADMIN_ROLES.includes(role);

export const ACCESS = { VIEW: 1, CREATE: 2, EDIT: 3, DELETE: 4 } as const;
export type AccessCode = (typeof ACCESS)[keyof typeof ACCESS];
export type AccessNeed = 'view' | 'create' | 'edit' | 'delete';
export const ACCESS_BY_NEED: Record<AccessNeed, AccessCode> = { view: 1, create: 2, edit: 3, delete: 4 };
export const ALL_ACCESS: readonly AccessCode[] = [1, 2, 3, 4];

export const APP = {
  DASHBOARD: 1,
  VIRTUAL_TERMINAL: 2,
  PRODUCTS: 3,
  PAYMENT_CONNECTIONS: 4,
  QUICK_PAYMENTS: 5,
  INVOICES: 6,
  FINANCING_CONNECTIONS: 7,
  USERS: 8,
} as const;
export type AppKey = (typeof APP)[keyof typeof APP];

export interface AppInfo {
  key: AppKey;
  name: string;
  code: string; // hub menu access code (docs/product-rules.md#entities)
  hub: 'payment' | 'financing' | 'none';
  path: string;
}

export const APPS: readonly AppInfo[] = [
  { key: 1, name: 'Dashboard', code: 'DASH', hub: 'none', path: '/dashboard' },
  { key: 2, name: 'Virtual Terminal', code: 'VT', hub: 'payment', path: '/virtualterminal' },
  { key: 3, name: 'Products', code: 'PR', hub: 'payment', path: '/products' },
  { key: 4, name: 'Payment Connections', code: 'PCON', hub: 'payment', path: '/paymentservice' },
  { key: 5, name: 'Quick Payments', code: 'QP', hub: 'payment', path: '/quickpayment' },
  { key: 6, name: 'Invoices', code: 'INV', hub: 'payment', path: '/invoice' },
  { key: 7, name: 'Connections', code: 'FCON', hub: 'financing', path: '/connections' },
  { key: 8, name: 'Users', code: 'USERS', hub: 'none', path: '/users' },
];

export const appByKey = (key: number) => APPS.find((a) => a.key === key);

/** Apps whose payments become transactions: view on any of them shows a sub-user the transactions. */
export const PAYING_APP_KEYS: readonly AppKey[] = [
  APP.VIRTUAL_TERMINAL,
  APP.PRODUCTS,
  APP.QUICK_PAYMENTS,
  APP.INVOICES,
];

export const HUB_STATUS = { PENDING: 1, IN_REVIEW: 2, ACTIVE: 3, SUSPENDED: 4 } as const;
export const HUB_STATUS_LABEL: Record<number, string> = { 1: 'Pending', 2: 'In review', 3: 'Active', 4: 'Suspended' };
export const isHubActive = (status: number | null | undefined) => status === HUB_STATUS.ACTIVE;

/** A merchant's standing as the platform admin set it: blocked, removed, and its Payment Hub's status. */
export interface MerchantStanding {
  isBlocked: boolean | null;
  removedAt: Date | string | null;
  paymentHubStatus?: number | null;
}

/** A blocked or removed merchant's users, API keys and embedded sessions stop working at once. */
export const merchantIsOpen = (m: Pick<MerchantStanding, 'isBlocked' | 'removedAt'>) => !m.isBlocked && !m.removedAt;

/** What a buyer may pay, on every payment path: an open merchant whose Payment Hub is active. */
export const merchantCanSell = (m: MerchantStanding) => merchantIsOpen(m) && isHubActive(m.paymentHubStatus);

export const ADMIN_PERMISSION_FLAGS = [
  'view_merchant',
  'view_catalog',
  'view_transactions',
  'view_industry_type',
] as const;
export type AdminPermissionFlag = (typeof ADMIN_PERMISSION_FLAGS)[number];
export type AdminPermissions = Record<AdminPermissionFlag, 0 | 1>;

/** Embed segments a parent site may open: the hub app codes plus the dashboard. */
export const EMBED_SEGMENTS = ['DASH', 'VT', 'PR', 'PCON', 'QP', 'INV', 'FCON'] as const;
