// The buyer pages' own entry (checkout.html; docs/ARCHITECTURE.md#layers): React and the checkout pages
// only — no router, store, HTTP client, component library or Bootstrap. The API (apps/api/src/app.ts)
// and the dev server (vite.config.ts) serve checkout.html for the public checkout paths; the
// back-office app keeps the same pages as routes for in-app navigation
// (features/checkout/spa-checkout-route.tsx).
import './checkout-app/checkout-base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CheckoutApp } from './checkout-app/checkout-app.tsx';
import { startColorMode } from './lib/color-mode.ts';

startColorMode();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CheckoutApp />
  </StrictMode>,
);
