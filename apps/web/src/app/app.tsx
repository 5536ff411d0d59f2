import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { removePageLoader } from '../lib/page-loader.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import type { AppStore } from './store.ts';

export function App({ store }: { store: AppStore }) {
  useEffect(() => removePageLoader(), []);
  return (
    <AppProvider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
