// The HTML of the two hosted pages: a shell with no inline script (CSP script-src 'self'); the page's
// own script renders everything. Links carry the asset's content hash so the files can be cached
// for a year while the HTML itself is never cached.

import { hostedTranslator } from '@kassa/contract/i18n/hosted-catalogue';
import { HOSTED_FIELDS_CATALOGUES } from '@kassa/contract/i18n/hosted-fields-catalogue';
import type { AssetStore } from './widget-assets.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function assetUrl(assets: AssetStore, name: 'fields.js' | 'fields.css' | 'approval.js' | 'approval.css') {
  const hash = assets.get(name)?.hash;
  return hash ? `/pay/${name}?v=${hash}` : `/pay/${name}`;
}

function page(title: string, page: 'fields' | 'approval', main: string, assets: AssetStore, locale: string) {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assetUrl(assets, `${page}.css`)}">
<script src="${assetUrl(assets, `${page}.js`)}" defer></script>
</head>
<body>
${main}
</body>
</html>
`;
}

// Each page in the buyer's language (the request's Accept-Language, first supported, else English); the
// page's script reads the language back from <html lang> (docs/i18n.md).
type Language = string | undefined;

/**
 * The card fields' own texts in another language than English ride in the page as data, so fields.js
 * carries English only and a buyer downloads one language (docs/i18n.md).
 */
const fieldsTexts = (locale: keyof typeof HOSTED_FIELDS_CATALOGUES) =>
  locale === 'en' ? '' : ` data-texts="${escapeHtml(JSON.stringify(HOSTED_FIELDS_CATALOGUES[locale]))}"`;

export function fieldsPageHtml(assets: AssetStore, language?: Language) {
  const { locale, t } = hostedTranslator(language);
  return page(
    t('page.fieldsTitle'),
    'fields',
    `<main id="kassa-fields"${fieldsTexts(locale)}><p class="kf-loading">${escapeHtml(t('page.fieldsLoading'))}</p></main>`,
    assets,
    locale,
  );
}

export function approvalPageHtml(assets: AssetStore, reference: string, language?: Language) {
  const { locale, t } = hostedTranslator(language);
  return page(
    t('page.approvalTitle'),
    'approval',
    `<main id="kassa-approval" data-reference="${escapeHtml(reference)}"><p class="ka-loading">${escapeHtml(t('page.approvalLoading'))}</p></main>`,
    assets,
    locale,
  );
}

const RETURN_TEXT = {
  approved: 'outcome.approved',
  declined: 'outcome.declined',
  pending: 'outcome.pending',
  not_found: 'outcome.notFound',
} as const;

/** Back from a processor's 3-D Secure page: the outcome is rendered, the approval script closes the popup. */
export function returnPageHtml(assets: AssetStore, outcome: keyof typeof RETURN_TEXT, language?: Language) {
  const { locale, t } = hostedTranslator(language);
  return page(
    t('page.returnTitle'),
    'approval',
    `<main id="kassa-approval" data-outcome="${outcome}"><p class="ka-loading">${escapeHtml(t(RETURN_TEXT[outcome]))}</p></main>`,
    assets,
    locale,
  );
}
