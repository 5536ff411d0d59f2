// A validation message in the portal's language (docs/i18n.md). Forms validate with the contract's zod
// schemas, whose messages are English as the API answers them; the portal catalogue's `validation.*`
// keys hold the same English words, so the message's key is found by its text and shown translated.
// A message no key words stays English.
import { validationEn } from '@kassa/contract/i18n/catalogues/portal/validation.en';
import { englishMessageKeys } from './english-message-keys.ts';
import type { I18n } from './i18n.tsx';

const validationKey = englishMessageKeys(validationEn);

export function validationText(message: string, { locale, t }: I18n): string {
  if (locale === 'en') return message;
  const found = validationKey(message);
  return found ? t(found.key, found.values) : message;
}
