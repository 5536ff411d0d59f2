// The portal's English texts (docs/i18n.md): the account menu here, each area's texts in portal/.
import { accountsEn } from './portal/accounts.en.ts';
import { adminEn } from './portal/admin.en.ts';
import { apiErrorsEn } from './portal/api-errors.en.ts';
import { billingEn } from './portal/billing.en.ts';
import { contractTextsEn } from './portal/contract-texts.en.ts';
import { customerLanguageEn } from './portal/customer-language.en.ts';
import { integrationsEn } from './portal/integrations.en.ts';
import { paymentsEn } from './portal/payments.en.ts';
import { recurringPricesEn } from './portal/recurring-prices.en.ts';
import { validationEn } from './portal/validation.en.ts';

export const portalEn = {
  ...accountsEn,
  ...adminEn,
  ...paymentsEn,
  ...billingEn,
  ...recurringPricesEn,
  ...customerLanguageEn,
  ...integrationsEn,
  ...validationEn,
  ...apiErrorsEn,
  ...contractTextsEn,
  'userMenu.accountMenu': ' — account menu',
  'userMenu.notifications': 'Notifications',
  'userMenu.notificationsFailed': 'Could not update the notification setting.',
  'userMenu.language': 'Language',
  'userMenu.languageBrowser': 'Browser language',
  'userMenu.languageFailed': 'Could not change the language.',
  'userMenu.changePassword': 'Change Password',
  'userMenu.signingOut': 'Signing Out...',
  'userMenu.signOut': 'Sign Out',
} as const;

export type PortalKey = keyof typeof portalEn;
