// The buyer pages' own entry (checkout.html; docs/ARCHITECTURE.md#layers): React and the checkout pages
// only — no router, store, HTTP client, component library or Bootstrap. The API (apps/api/src/app.ts)
// and the dev server (vite.config.ts) serve checkout.html for the public checkout paths; the
// back-office app keeps the same pages as routes for in-app navigation
// (features/checkout/spa-checkout-route.tsx).
import './checkout-app/checkout-base.css';
import { loadBuyerCatalogue } from '@kassa/contract/i18n/buyer-catalogue';
import { buyerEn } from '@kassa/contract/i18n/catalogues/buyer.en';
import { pickLocale } from '@kassa/contract/i18n/locales';
import { createPlaceholderTranslator } from '@kassa/contract/i18n/placeholder-translate';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CheckoutApp } from './checkout-app/checkout-app.tsx';
import { startColorMode } from './lib/color-mode.ts';
import { I18nProvider, setDocumentLanguage } from './lib/i18n.tsx';

startColorMode();

// A buyer page speaks the buyer's browser language (docs/i18n.md); English when the browser asks for
// none we have, or when the catalogue cannot be fetched.
const locale = pickLocale(navigator.languages);
setDocumentLanguage(locale);
loadBuyerCatalogue(locale)
  .catch(() => buyerEn)
  .then((messages) => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nProvider value={{ locale, t: createPlaceholderTranslator(locale, messages, buyerEn) }}>
          <CheckoutApp />
        </I18nProvider>
      </StrictMode>,
    );
  });
