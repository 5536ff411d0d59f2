// The portal in German (docs/i18n.md); every key of portal.en.ts, checked by i18n-catalogues.test.ts.
import { accountsDe } from './portal/accounts.de.ts';
import { adminDe } from './portal/admin.de.ts';
import { apiErrorsDe } from './portal/api-errors.de.ts';
import { billingDe } from './portal/billing.de.ts';
import { contractTextsDe } from './portal/contract-texts.de.ts';
import { customerLanguageDe } from './portal/customer-language.de.ts';
import { integrationsDe } from './portal/integrations.de.ts';
import { paymentsDe } from './portal/payments.de.ts';
import { recurringPricesDe } from './portal/recurring-prices.de.ts';
import { validationDe } from './portal/validation.de.ts';
import type { PortalKey } from './portal.en.ts';

export const portalDe: Record<PortalKey, string> = {
  ...accountsDe,
  ...adminDe,
  ...paymentsDe,
  ...billingDe,
  ...recurringPricesDe,
  ...customerLanguageDe,
  ...integrationsDe,
  ...validationDe,
  ...apiErrorsDe,
  ...contractTextsDe,
  'userMenu.accountMenu': ' — Kontomenü',
  'userMenu.notifications': 'Benachrichtigungen',
  'userMenu.notificationsFailed': 'Die Benachrichtigungseinstellung konnte nicht geändert werden.',
  'userMenu.language': 'Sprache',
  'userMenu.languageBrowser': 'Sprache des Browsers',
  'userMenu.languageFailed': 'Die Sprache konnte nicht geändert werden.',
  'userMenu.changePassword': 'Passwort ändern',
  'userMenu.signingOut': 'Abmeldung …',
  'userMenu.signOut': 'Abmelden',
};
