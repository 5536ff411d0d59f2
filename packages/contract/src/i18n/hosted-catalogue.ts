// The hosted pages' texts in every language at once (docs/i18n.md): the API writes each page's shell in
// the request's language, and the approval script reads the same words in the language the shell says
// (<html lang>). Small enough to ship whole, and free of the ICU parser.
import { hostedDe } from './catalogues/hosted.de.ts';
import { type HostedKey, hostedEn } from './catalogues/hosted.en.ts';
import { hostedEs } from './catalogues/hosted.es.ts';
import { hostedFr } from './catalogues/hosted.fr.ts';
import { preferredTranslator } from './placeholder-translate.ts';

/** The hosted pages' translator for a language tag or an Accept-Language header; English for none we have. */
export const hostedTranslator = (preferences: string | readonly string[] | null | undefined) =>
  preferredTranslator<HostedKey>({ en: hostedEn, de: hostedDe, fr: hostedFr, es: hostedEs }, preferences);
