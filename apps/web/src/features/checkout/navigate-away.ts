// Leaving the buyer pages with a full page load: the merchant's page (docs/product-rules.md#product-checkout: message_type 2
// redirects to the merchant's URL) or a page of the back office, which the checkout bundle does not
// contain. Its own module so tests can observe the redirect (jsdom cannot navigate).
export function leavePage(url: string, { replace = false }: { replace?: boolean } = {}) {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}
