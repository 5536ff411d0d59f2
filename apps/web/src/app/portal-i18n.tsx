// The back office's language (docs/i18n.md): the signed-in user's choice from the profile, else the
// browser's. English shows at once; another language replaces it when its catalogue has arrived.

import { type Locale, pickLocale } from '@kassa/contract/i18n/locales';
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { type ReactNode, useEffect, useState } from 'react';
import { type I18n, I18nProvider, setDocumentLanguage } from '../lib/i18n.tsx';
import { useSessionSelector } from '../lib/session-hooks.ts';
import { portalEnglishI18n, setActivePortalI18n } from '../lib/use-portal-i18n.ts';

const english = portalEnglishI18n;

export function PortalI18n({ children }: { children: ReactNode }) {
  const chosen = useSessionSelector((s) => s.auth.user?.locale ?? null);
  const locale: Locale = chosen ?? pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  const [i18n, setI18n] = useState<I18n>(english);
  useEffect(() => {
    let current = true;
    setDocumentLanguage(locale);
    if (locale === 'en') {
      setI18n(english);
      return;
    }
    loadPortalCatalogue(locale).then(
      (messages) => current && setI18n({ locale, t: createTranslator(locale, messages, portalEnglish) }),
      () => current && setI18n(english),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  useEffect(() => setActivePortalI18n(i18n), [i18n]);
  return <I18nProvider value={i18n}>{children}</I18nProvider>;
}
