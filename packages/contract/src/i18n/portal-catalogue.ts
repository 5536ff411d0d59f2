// The portal's catalogue for one language: its own texts and the buyer pages' (the back office shows
// the checkout pages as routes too). English is in the app; another language is fetched when chosen.

import { loadBuyerCatalogue } from './buyer-catalogue.ts';
import { buyerEn } from './catalogues/buyer.en.ts';
import { portalEn } from './catalogues/portal.en.ts';
import type { Locale } from './locales.ts';
import type { Catalogue } from './translate.ts';

export const portalEnglish: Catalogue = { ...buyerEn, ...portalEn };

async function portalOnly(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'de':
      return (await import('./catalogues/portal.de.ts')).portalDe;
    case 'fr':
      return (await import('./catalogues/portal.fr.ts')).portalFr;
    case 'es':
      return (await import('./catalogues/portal.es.ts')).portalEs;
    default:
      return portalEn;
  }
}

export async function loadPortalCatalogue(locale: Locale): Promise<Catalogue> {
  const [buyer, portal] = await Promise.all([loadBuyerCatalogue(locale), portalOnly(locale)]);
  return { ...buyer, ...portal };
}
