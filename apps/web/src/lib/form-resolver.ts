// Forms validate with the contract's zod schemas; importing the resolver from here also installs the
// readable default messages (packages/contract/src/validation-messages.ts) the API uses, so a field
// error reads the same in the browser and in the server's answer — and then shows it in the portal's
// language (validation-text.ts), the schemas' words being English like the API's.
import { zodResolver as schemaResolver } from '@hookform/resolvers/zod';
import { installValidationMessages } from '@kassa/contract/validation-messages';
import type { I18n } from './i18n.tsx';
import { activePortalI18n } from './use-portal-i18n.ts';
import { validationText } from './validation-text.ts';

installValidationMessages();

/** Every `message` of react-hook-form's errors, nested fields and lists included, translated in place. */
function translateMessages(errors: object, i18n: I18n) {
  for (const [name, value] of Object.entries(errors)) {
    // `ref` is the field's DOM element, not an error.
    if (name === 'ref' || !value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string') value.message = validationText(value.message, i18n);
    translateMessages(value, i18n);
  }
}

export const zodResolver = ((...args: Parameters<typeof schemaResolver>) => {
  const resolve = schemaResolver(...args);
  return async (...input: Parameters<typeof resolve>) => {
    const result = await resolve(...input);
    translateMessages(result.errors, activePortalI18n());
    return result;
  };
}) as typeof schemaResolver;
