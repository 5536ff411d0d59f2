// The HTML of the two hosted pages: a shell with no inline script (CSP script-src 'self'); the page's
// own script renders everything. Links carry the asset's content hash so the files can be cached
// for a year while the HTML itself is never cached.
import type { AssetStore } from './widget-assets.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function assetUrl(assets: AssetStore, name: 'fields.js' | 'fields.css' | 'approval.js' | 'approval.css') {
  const hash = assets.get(name)?.hash;
  return hash ? `/pay/${name}?v=${hash}` : `/pay/${name}`;
}

function page(title: string, page: 'fields' | 'approval', main: string, assets: AssetStore) {
  return `<!doctype html>
<html lang="en">
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

export const fieldsPageHtml = (assets: AssetStore) =>
  page(
    'Secure payment',
    'fields',
    '<main id="kassa-fields"><p class="kf-loading">Loading the secure payment form…</p></main>',
    assets,
  );

export const approvalPageHtml = (assets: AssetStore, reference: string) =>
  page(
    'Approve your payment',
    'approval',
    `<main id="kassa-approval" data-reference="${escapeHtml(reference)}"><p class="ka-loading">Loading the payment…</p></main>`,
    assets,
  );

const RETURN_TEXT = {
  approved: 'Payment approved.',
  declined: 'Payment declined.',
  pending: 'Your bank is still confirming this payment.',
  not_found: 'This payment does not exist.',
} as const;

/** Back from a processor's 3-D Secure page: the outcome is rendered, the approval script closes the popup. */
export const returnPageHtml = (assets: AssetStore, outcome: keyof typeof RETURN_TEXT) =>
  page(
    'Payment authentication',
    'approval',
    `<main id="kassa-approval" data-outcome="${outcome}"><p class="ka-loading">${RETURN_TEXT[outcome]}</p></main>`,
    assets,
  );
