// The HTML a merchant pastes into its site: an iframe on the embed entry page with its token and
// merchant id (spec 2.9), and why only the allowed domains can frame it.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { copyToClipboard } from '../../../lib/clipboard.ts';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export function snippetFor(embedUrl: string) {
  return `<iframe src="${escapeAttribute(embedUrl)}" title="Kassa" width="100%" height="800" style="border:0" allow="payment" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

export function EmbedSnippet({ embedUrl }: { embedUrl: string }) {
  const snippet = snippetFor(embedUrl);
  return (
    <div>
      <Form.Control
        as="textarea"
        readOnly
        rows={5}
        value={snippet}
        aria-label="Embed snippet"
        className="font-monospace small"
        onFocus={(event) => event.currentTarget.select()}
        data-testid="embed-snippet"
      />
      <div className="d-flex justify-content-end mt-2">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => void copyToClipboard(snippet, 'Snippet')}
          data-testid="embed-snippet-copy"
        >
          Copy snippet
        </Button>
      </div>
      <p className="small text-body-secondary mt-2 mb-0" data-testid="frame-ancestors-note">
        Kassa answers the embed page with <code>Content-Security-Policy: frame-ancestors</code> listing your allowed
        domains, so browsers refuse to show the portal inside any other site. The callback also checks the embedding
        page's address, so keep a referrer policy that sends at least the origin (the default{' '}
        <code>strict-origin-when-cross-origin</code> does).
      </p>
    </div>
  );
}
