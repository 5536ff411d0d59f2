// Test support for the back-office pages: a signed-in admin or staff admin whose session calls are
// answered, plus the page's own routes keyed "METHOD /path/" (query string left out).
import type { AdminPermissions } from '@kassa/contract/access';
import type { User } from '@kassa/contract/auth';
import type { InternalAxiosRequestConfig } from 'axios';
import { SWRConfig } from 'swr';
import { AppRoutes } from '../app/router.tsx';
import { fail, type MockReply, mockApi, ok } from './mock-api.ts';
import { makeUser, renderWithProviders, signIn } from './render-app.tsx';

export type RouteHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export const pageOf = <T,>(results: T[], count = results.length) => ({ count, page: 1, page_size: 20, results });

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
