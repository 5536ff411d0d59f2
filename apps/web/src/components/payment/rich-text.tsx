// Merchant-written HTML (the checkout comment, docs/product-rules.md#checkout-payment-panel) only ever rendered through DOMPurify.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function RichText({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  if (!clean.trim()) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
