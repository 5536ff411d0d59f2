// The customer form's language select in French; every key of customer-language.en.ts.
import type { CustomerLanguageKey } from './customer-language.en.ts';

export const customerLanguageFr: Record<CustomerLanguageKey, string> = {
  'customerLanguage.label': 'Langue des e-mails et des factures',
  'customerLanguage.default': 'Langue par défaut du marchand (anglais)',
};
