// Rich comments (docs/product-rules.md#checkout-payment-panel: "rich HTML text") are sanitised on the server before they are stored, with
// DOMPurify on jsdom's window — a hand-written whitelist misses the parser tricks DOMPurify knows.
// The web app sanitises again before it renders (docs/ARCHITECTURE.md#layers).
import type { DOMPurify } from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
];
const ALLOWED_URI = /^(?:https?:\/\/|mailto:)/i;

let purifier: Promise<DOMPurify> | undefined;

// jsdom takes a moment to load: only the first request that stores a comment pays for it.
function loadPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('afterSanitizeAttributes', (node) => {
      // Links open away from the checkout page and pass no opener or referrer.
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    return purify;
  })();
  return purifier;
}

/** Sanitised HTML, or null when nothing but whitespace is left. */
export async function sanitizeRichText(html: string | null | undefined): Promise<string | null> {
  if (html == null) return null;
  const purify = await loadPurifier();
  const clean = purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], ALLOWED_URI_REGEXP: ALLOWED_URI });
  return clean.replace(/<[^>]*>|&nbsp;/g, '').trim() ? clean : null;
}
