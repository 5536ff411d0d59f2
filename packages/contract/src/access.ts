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

// The permission rules themselves (docs/ARCHITECTURE.md), pure so both sides run the same code: the API
// throws forbidden with the refusal (apps/api/src/lib/access.ts), the web hides the control the
// server would refuse. What they read about the caller is the AccessSubject below; the API builds
// it from its actor, the web from its session.

export interface AccessSubject {
  role: number;
  /** A sub-user's access codes by app key; owners and staff hold every code whatever it says. */
  appAccess: ReadonlyMap<number, readonly number[]> | null;
  /** An embedded session's segments (app codes); null for a normal session. */
  segments: readonly string[] | null;
  paymentHubStatus: number | null;
  financeHubStatus: number | null;
}

/** Roles 2 and 5 hold every code on every app; role 3 holds what its access list says. */
export function hasAppAccess(subject: Pick<AccessSubject, 'role' | 'appAccess'>, app: AppKey, need: AccessNeed) {
  if (subject.role === ROLE.MERCHANT_OWNER || subject.role === ROLE.MERCHANT_STAFF) return true;
  if (subject.role !== ROLE.MERCHANT_SUB_USER) return false;
  return subject.appAccess?.get(app)?.includes(ACCESS_BY_NEED[need]) ?? false;
}

/** An embedded session opens only its segments; a normal session every app. */
export const isInSegments = (subject: Pick<AccessSubject, 'segments'>, app: AppKey) =>
  !subject.segments || subject.segments.includes(appByKey(app)?.code ?? '');

/**
 * Why a merchant user may not use `app` with `need` — its embed segments, the app's hub, its access
 * codes — or null when it may.
 */
export function appAccessRefusal(subject: AccessSubject, app: AppKey, need: AccessNeed): string | null {
  const info = appByKey(app);
  if (!isMerchantRole(subject.role)) return 'This is for merchant accounts.';
  if (info && !isInSegments(subject, app)) return 'This embedded session does not include that section.';
  if (info?.hub === 'payment' && !isHubActive(subject.paymentHubStatus)) {
    return 'The Payment Hub is not active for this merchant yet.';
  }
  if (info?.hub === 'financing' && !isHubActive(subject.financeHubStatus)) {
    return 'The Financing Hub is not active for this merchant yet.';
  }
  if (!hasAppAccess(subject, app, need)) return `You do not have ${need} access to ${info?.name ?? 'this app'}.`;
  return null;
}

/**
 * Transactions have no app of their own: owners and staff see and refund them (capture and void
 * too); a sub-user sees them with view on a paying app and refunds with edit on the Virtual
 * Terminal; an embedded session only through those apps' segments. Null when the subject may.
 */
export function transactionAccessRefusal(subject: AccessSubject, need: 'view' | 'refund'): string | null {
  if (!isMerchantRole(subject.role)) return 'This is for merchant accounts.';
  if (!isHubActive(subject.paymentHubStatus)) return 'The Payment Hub is not active for this merchant yet.';
  const apps = need === 'view' ? PAYING_APP_KEYS : [APP.VIRTUAL_TERMINAL];
  const codeNeed: AccessNeed = need === 'view' ? 'view' : 'edit';
  if (apps.some((app) => isInSegments(subject, app) && hasAppAccess(subject, app, codeNeed))) return null;
  return need === 'view' ? 'You do not have access to transactions.' : 'You do not have permission to refund.';
}

/** Platform admins hold every view flag; a staff admin the flags its permission set turns on. */
export const hasAdminFlag = (
  subject: { role: number; adminPermissions: AdminPermissions | null },
  flag: AdminPermissionFlag,
) =>
  subject.role === ROLE.PLATFORM_ADMIN || (subject.role === ROLE.STAFF_ADMIN && subject.adminPermissions?.[flag] === 1);

/** Account changes (profile, password, business profile, logo) need a normal session, not an embedded one. */
export const isFullSession = (subject: Pick<AccessSubject, 'segments'>) => !subject.segments;

/** The roles a merchant user may invite: owners and staff invite staff and sub-users, a sub-user only sub-users. */
export const invitableRoles = (subject: Pick<AccessSubject, 'role'>): readonly number[] =>
  subject.role === ROLE.MERCHANT_SUB_USER ? [ROLE.MERCHANT_SUB_USER] : [ROLE.MERCHANT_SUB_USER, ROLE.MERCHANT_STAFF];

export const CANNOT_GIVE_MORE_ACCESS = 'You cannot give access you do not have yourself.';

/** Whether a merchant user may give `code` on `app` to another user: a sub-user only a code it holds. */
export const mayGrantCode = (subject: Pick<AccessSubject, 'role' | 'appAccess'>, app: number, code: number) =>
  subject.role !== ROLE.MERCHANT_SUB_USER || (subject.appAccess?.get(app)?.includes(code) ?? false);
