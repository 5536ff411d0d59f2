import type { User } from '@kassa/contract/auth';
import { render } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { makeStore } from '../app/store.ts';
import { sessionStarted } from '../features/auth/auth-slice.ts';

/** Shows the router's current path so a test can assert where a redirect went. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

export function renderWithProviders(ui: ReactNode, path = '/', options: { user?: User } = {}) {
  const store = makeStore();
  if (options.user)
    store.dispatch(sessionStarted({ access: 'access-token', refresh: 'refresh-token', user: options.user }));
  const view = render(
    <AppProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { store, ...view };
}

/** Renders the whole route table at `path`, like a visit to that address. */
export const renderApp = (path: string) => renderWithProviders(<AppRoutes />, path);

/** A stored session, as after a sign-in: the store reads the cookies when it is created. */
export function signIn() {
  Cookies.set('token', 'access-token');
  Cookies.set('refresh', 'refresh-token');
}

export const makeUser = (over: Partial<User> = {}): User => ({
  id: 'u-1',
  role: 1,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'admin@kassa.local',
  phone: null,
  image: null,
  send_notification: false,
  locale: null,
  merchant: null,
  ...over,
});

export const makeMerchant = (over: Partial<NonNullable<User['merchant']>> = {}): NonNullable<User['merchant']> => ({
  id: 'm-1',
  name: 'Acme Outfitters',
  logo: null,
  master_merchant_logo: null,
  payment_hub_status: 3,
  finance_hub_status: 3,
  is_master: false,
  allow_connections: true,
  ...over,
});
