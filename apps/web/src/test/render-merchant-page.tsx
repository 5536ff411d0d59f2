// Renders one merchant-portal page with a signed-in merchant user and its app access already loaded,
// as the shell leaves them, and an SWR cache of its own so tests never share data.
import { ALL_ACCESS, APPS, ROLE } from '@kassa/contract/access';
import type { AppAccessEntry, User } from '@kassa/contract/auth';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { AppProvider } from '../app/provider.tsx';
import { makeStore } from '../app/store.ts';
import { sessionStarted } from '../features/auth/auth-slice.ts';
import { allowedTabsSet } from '../features/auth/embed-session-slice.ts';
import { fetchUserAccess } from '../features/auth/user-access-slice.ts';
import { makeMerchant, makeUser } from './render-app.tsx';

/** Every code on every app: what the server answers for roles 2 and 5. */
export const fullAccess = (): AppAccessEntry[] =>
  APPS.map((app) => ({ app_key: app.key, app: app.name, access: [...ALL_ACCESS] }));

/** Only the given codes per app key; every other app empty (a sub-user, role 3). */
export const accessOf = (codes: Partial<Record<number, number[]>>): AppAccessEntry[] =>
  APPS.map((app) => ({ app_key: app.key, app: app.name, access: codes[app.key] ?? [] }));

export const makeOwner = (over: Partial<User> = {}) =>
  makeUser({
    id: 'u-owner',
    role: ROLE.MERCHANT_OWNER,
    first_name: 'Olivia',
    last_name: 'Owner',
    email: 'owner@acme.example',
    merchant: makeMerchant(),
    ...over,
  });

/** A sub-user (role 3): it holds only the codes its access list gives it. */
export const makeClerk = (over: Partial<User> = {}) =>
  makeOwner({
    id: 'u-clerk',
    role: ROLE.MERCHANT_SUB_USER,
    first_name: 'Chris',
    last_name: 'Clerk',
    email: 'clerk@acme.example',
    ...over,
  });

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

export function renderMerchantPage(
  ui: ReactNode,
  {
    path = '/',
    user = makeOwner(),
    access = fullAccess(),
    allowedTabs = null,
  }: {
    path?: string;
    user?: User;
    access?: AppAccessEntry[];
    /** An embedded session's segments; null for a normal session. */
    allowedTabs?: string[] | null;
  } = {},
) {
  const store = makeStore();
  if (allowedTabs) store.dispatch(allowedTabsSet(allowedTabs));
  store.dispatch(sessionStarted({ access: 'access-token', refresh: 'refresh-token', user }));
  store.dispatch(fetchUserAccess.fulfilled(access, 'test', user.id));
  const view = render(
    <AppProvider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </SWRConfig>
    </AppProvider>,
  );
  return { store, ...view };
}
