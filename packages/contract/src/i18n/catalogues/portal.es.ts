// The portal in Spanish (docs/i18n.md); every key of portal.en.ts, checked by i18n-catalogues.test.ts.
import { accountsEs } from './portal/accounts.es.ts';
import { adminEs } from './portal/admin.es.ts';
import { apiErrorsEs } from './portal/api-errors.es.ts';
import { billingEs } from './portal/billing.es.ts';
import { contractTextsEs } from './portal/contract-texts.es.ts';
import { customerLanguageEs } from './portal/customer-language.es.ts';
import { integrationsEs } from './portal/integrations.es.ts';
import { paymentsEs } from './portal/payments.es.ts';
import { recurringPricesEs } from './portal/recurring-prices.es.ts';
import { validationEs } from './portal/validation.es.ts';
import type { PortalKey } from './portal.en.ts';

export const portalEs: Record<PortalKey, string> = {
  ...accountsEs,
  ...adminEs,
  ...paymentsEs,
  ...billingEs,
  ...recurringPricesEs,
  ...customerLanguageEs,
  ...integrationsEs,
  ...validationEs,
  ...apiErrorsEs,
  ...contractTextsEs,
  'userMenu.accountMenu': ' — menú de la cuenta',
  'userMenu.notifications': 'Notificaciones',
  'userMenu.notificationsFailed': 'No se ha podido cambiar la configuración de notificaciones.',
  'userMenu.language': 'Idioma',
  'userMenu.languageBrowser': 'Idioma del navegador',
  'userMenu.languageFailed': 'No se ha podido cambiar el idioma.',
  'userMenu.changePassword': 'Cambiar contraseña',
  'userMenu.signingOut': 'Cerrando sesión…',
  'userMenu.signOut': 'Cerrar sesión',
};
