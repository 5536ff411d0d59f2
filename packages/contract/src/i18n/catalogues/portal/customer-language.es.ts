// The customer form's language select in Spanish; every key of customer-language.en.ts.
import type { CustomerLanguageKey } from './customer-language.en.ts';

export const customerLanguageEs: Record<CustomerLanguageKey, string> = {
  'customerLanguage.label': 'Idioma de los correos y las facturas',
  'customerLanguage.default': 'Idioma predeterminado del comercio (inglés)',
};
