// The portal in French (docs/i18n.md); every key of portal.en.ts, checked by i18n-catalogues.test.ts.
import { accountsFr } from './portal/accounts.fr.ts';
import { adminFr } from './portal/admin.fr.ts';
import { apiErrorsFr } from './portal/api-errors.fr.ts';
import { billingFr } from './portal/billing.fr.ts';
import { contractTextsFr } from './portal/contract-texts.fr.ts';
import { customerLanguageFr } from './portal/customer-language.fr.ts';
import { integrationsFr } from './portal/integrations.fr.ts';
import { paymentsFr } from './portal/payments.fr.ts';
import { recurringPricesFr } from './portal/recurring-prices.fr.ts';
import { validationFr } from './portal/validation.fr.ts';
import type { PortalKey } from './portal.en.ts';

export const portalFr: Record<PortalKey, string> = {
  ...accountsFr,
  ...adminFr,
  ...paymentsFr,
  ...billingFr,
  ...recurringPricesFr,
  ...customerLanguageFr,
  ...integrationsFr,
  ...validationFr,
  ...apiErrorsFr,
  ...contractTextsFr,
  'userMenu.accountMenu': ' — menu du compte',
  'userMenu.notifications': 'Notifications',
  'userMenu.notificationsFailed': 'Impossible de modifier le réglage des notifications.',
  'userMenu.language': 'Langue',
  'userMenu.languageBrowser': 'Langue du navigateur',
  'userMenu.languageFailed': 'Impossible de changer la langue.',
  'userMenu.changePassword': 'Modifier le mot de passe',
  'userMenu.signingOut': 'Déconnexion…',
  'userMenu.signOut': 'Se déconnecter',
};
