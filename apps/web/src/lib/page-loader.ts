// docs/product-rules.md#route-access: the page loader of index.html is removed shortly after the first render (a short fade).
export const PAGE_LOADER_ID = 'page-loader';
const FADE_MS = 150;

export function removePageLoader(doc: Document = document) {
  const loader = doc.getElementById(PAGE_LOADER_ID);
  if (!loader) return;
  loader.classList.add('is-hidden');
  window.setTimeout(() => loader.remove(), FADE_MS);
}
