// The hosted card fields' texts in every language (docs/i18n.md): the fields page reads its language
// from the <html lang> the API wrote from the buyer's Accept-Language. Kept apart from the page shells'
// catalogue, so the approval popup does not carry the fields' texts, nor the fields the popup's.
import { hostedFieldsDe } from './catalogues/hosted-fields.de.ts';
import { type HostedFieldsKey, hostedFieldsEn } from './catalogues/hosted-fields.en.ts';
import { hostedFieldsEs } from './catalogues/hosted-fields.es.ts';
import { hostedFieldsFr } from './catalogues/hosted-fields.fr.ts';
import { preferredTranslator } from './placeholder-translate.ts';

export type { HostedFieldsKey };

/** The fields page's translator for a language tag or an Accept-Language header; English for none we have. */
export const hostedFieldsTranslator = (preferences: string | readonly string[] | null | undefined) =>
  preferredTranslator<HostedFieldsKey>(
    { en: hostedFieldsEn, de: hostedFieldsDe, fr: hostedFieldsFr, es: hostedFieldsEs },
    preferences,
  );
