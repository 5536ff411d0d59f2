// Test support for the back-office pages: a signed-in admin or staff admin whose session calls are
// answered, plus the page's own routes keyed "METHOD /path/" (query string left out).
import type { AdminPermissions } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import type { MerchantDetail, MerchantListItem } from '@kassa/contract/merchants';
import type { InternalAxiosRequestConfig } from 'axios';
import { SWRConfig } from 'swr';
import { AppRoutes } from '../app/router.tsx';
import { fail, type MockReply, mockApi, ok, pageOf } from './mock-api.ts';
import { makeUser, renderWithProviders, signIn } from './render-app.tsx';

export type RouteHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export { pageOf } from './mock-api.ts';

/** A merchant as GET /admin/merchant/ lists it. */
export const merchantListItem = (over: Partial<MerchantListItem> = {}): MerchantListItem => ({
  id: 'b1f0c0de-0000-4000-8000-000000000001',
  name: 'Acme Outfitters',
  email: 'hello@acme.example',
  phone: '+14155552671',
  logo: null,
  payment_hub_status: 3,
  finance_hub_status: 2,
  is_blocked: false,
  allow_connections: true,
  industry_type_id: '7b0f5a52-54b8-4b47-9d55-8f3fbd1a0c11',
  industry_type_name: 'Retail',
  master_merchant_id: null,
  master_merchant_name: null,
  sub_merchant_count: 1,
  created_at: '2026-01-15T10:00:00.000Z',
  ...over,
});

type MerchantUser = MerchantDetail['users'][number];

/** A merchant as GET /admin/merchant/{id}/ shows it: its owner, a sandbox connection, one payment. */
export const merchantDetail = (
  over: Partial<MerchantDetail['merchant']> = {},
  { owner = {}, ...rest }: Partial<Omit<MerchantDetail, 'merchant'>> & { owner?: Partial<MerchantUser> } = {},
): MerchantDetail => ({
  merchant: {
    ...merchantListItem(),
    address: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94105',
    country: 'US',
    default_currency: 'USD',
    website: null,
    master_merchant_logo: null,
    removed_at: null,
    updated_at: '2026-01-16T10:00:00.000Z',
    ...over,
  },
  users: [
    {
      id: 'u-2',
      first_name: 'Olive',
      last_name: 'Owner',
      email: 'owner@acme.example',
      role: 2,
      is_active: true,
      invitation_pending: false,
      last_login_at: null,
      ...owner,
    },
  ],
  provider_connections: [
    {
      id: 'pc-1',
      kind: 'payment_service',
      provider: 'sandbox',
      enabled: true,
      status: 'verified',
      last_verified_at: '2026-01-16T10:00:00.000Z',
    },
  ],
  sub_merchants: [],
  recent_transactions: [
    {
      id: 'tx-1',
      amount: 123456,
      currency: 'USD',
      status: 'capture_succeeded',
      method: 'card',
      created_at: '2026-01-17T10:00:00.000Z',
    },
  ],
  audit: [],
  ...rest,
});

/** The merchant's history (GET /admin/merchant/{id}/audit/): an admin turned its Payment Hub active. */
export const hubActivatedAudit = (merchantId = merchantListItem().id) =>
  pageOf([
    {
      id: 'a-1',
      action: 'merchant.hub_status_changed',
      entity_type: 'merchant',
      entity_id: merchantId,
      merchant_id: merchantId,
      actor_user_id: 'u-1',
      actor_role: 1,
      actor_name: 'Ada Admin',
      actor_email: 'admin@kassa.local',
      amount: null,
      currency: null,
      data: { hub: 'payment', from: 1, to: 3, note: 'KYC passed' },
      created_at: '2026-01-16T10:00:00.000Z',
    },
  ]);

/** The query string of a request as URLSearchParams. */
export const queryOf = (config: InternalAxiosRequestConfig) =>
  new URLSearchParams((config.url ?? '').split('?')[1] ?? '');

export const pathOf = (config: InternalAxiosRequestConfig) => (config.url ?? '').split('?')[0];

export const platformAdmin = makeUser();
export const staffAdmin = makeUser({
  id: 'u-4',
  role: 4,
  first_name: 'Sam',
  last_name: 'Staff',
  email: 'staffadmin@kassa.local',
});

const NO_FLAGS: AdminPermissions = { view_merchant: 0, view_catalog: 0, view_transactions: 0, view_industry_type: 0 };

/** Signs `user` in and answers its session calls and `routes`; returns every request made. */
export function backOfficeSession(
  routes: Record<string, RouteHandler>,
  { user = platformAdmin, permissions = {} }: { user?: User; permissions?: Partial<AdminPermissions> } = {},
) {
  signIn();
  return mockApi((config) => {
    const key = `${config.method?.toUpperCase()} ${pathOf(config)}`;
    const handler = routes[key];
    if (handler) return handler(config);
    if (key === 'GET /auth/profile/') return ok(user);
    if (key === 'GET /superadmin/admin/') {
      return ok(
        pageOf([
          {
            user_id: user.id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            is_active: true,
            ...NO_FLAGS,
            ...permissions,
          },
        ]),
      );
    }
    return fail(404, 'not_found', `No mock for ${key}`);
  });
}

/** The route table at `path` with an SWR cache of its own, so one test's answers never leak into the next. */
export const renderBackOffice = (path: string) =>
  renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppRoutes />
    </SWRConfig>,
    path,
  );
