import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr-config.ts';
import { PortalI18n } from './portal-i18n.tsx';
import type { AppStore } from './store.ts';

export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SWRConfig value={swrConfig()}>
        <PortalI18n>{children}</PortalI18n>
      </SWRConfig>
    </Provider>
  );
}
