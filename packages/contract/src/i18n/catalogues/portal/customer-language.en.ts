// The customer form's language select (docs/i18n.md), spread into portal.en.ts.
export const customerLanguageEn = {
  'customerLanguage.label': 'Language of e-mails and invoices',
  'customerLanguage.default': "Merchant's default (English)",
} as const;

export type CustomerLanguageKey = keyof typeof customerLanguageEn;
