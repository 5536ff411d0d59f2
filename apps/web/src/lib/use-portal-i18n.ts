// The back office's translator (docs/i18n.md). Inside the app, PortalI18n provides the user's language;
// a portal component rendered on its own (a unit test) still reads English from the portal catalogue,
// which the buyer pages' default translator does not hold (it stays out of the checkout bundle).
import { portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { defaultI18n, type I18n, useI18n } from './i18n.tsx';

export const portalEnglishI18n: I18n = { locale: 'en', t: createTranslator('en', portalEnglish) };

let active: I18n = portalEnglishI18n;

/** The portal's language for code outside components (toasts, dialogs, the clipboard), kept by PortalI18n. */
export const activePortalI18n = (): I18n => active;

export function setActivePortalI18n(i18n: I18n) {
  active = i18n;
}

export function usePortalI18n(): I18n {
  const i18n = useI18n();
  return i18n === defaultI18n ? portalEnglishI18n : i18n;
}
