// Merchant HTML (comments, descriptions) is only ever rendered through DOMPurify (docs/ARCHITECTURE.md#layers):
// the tags a rich-text comment needs, no scripts, styles, frames or event handlers.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'];

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] });
}

/** True when the HTML shows no text (an emptied editor leaves `<br>` or empty paragraphs behind). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [] }).replace(/&nbsp;|\s/g, '') === '';
}
