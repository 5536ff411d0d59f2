// The buyer pages' catalogue for one language (docs/i18n.md). English is in the first download (it is
// also every language's fallback); another language is one small extra file, fetched only by a buyer
// who reads it, so the checkout bundle stays within its budget.
import { buyerEn } from './catalogues/buyer.en.ts';
import type { Locale } from './locales.ts';
import type { Catalogue } from './translate.ts';

export async function loadBuyerCatalogue(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'de':
      return (await import('./catalogues/buyer.de.ts')).buyerDe;
    case 'fr':
      return (await import('./catalogues/buyer.fr.ts')).buyerFr;
    case 'es':
      return (await import('./catalogues/buyer.es.ts')).buyerEs;
    default:
      return buyerEn;
  }
}
