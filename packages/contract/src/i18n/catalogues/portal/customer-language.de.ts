// The customer form's language select in German; every key of customer-language.en.ts.
import type { CustomerLanguageKey } from './customer-language.en.ts';

export const customerLanguageDe: Record<CustomerLanguageKey, string> = {
  'customerLanguage.label': 'Sprache für E-Mails und Rechnungen',
  'customerLanguage.default': 'Standard des Händlers (Englisch)',
};
