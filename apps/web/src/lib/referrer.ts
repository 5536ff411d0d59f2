/**
 * docs/product-rules.md#layout: the header dropdown and its arrow are hidden when the page was opened from an outside
 * page (a parent site embedding the portal). A missing or unparsable referrer counts as ours.
 */
export function isOutsideReferrer(referrer: string = document.referrer, origin: string = window.location.origin) {
  if (!referrer) return false;
  try {
    return new URL(referrer).origin !== origin;
  } catch {
    return false;
  }
}
