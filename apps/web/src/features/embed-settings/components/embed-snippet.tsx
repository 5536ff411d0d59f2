// How a parent site embeds the portal: its server mints a one-time embed session with an API key
// holding embed:write (POST /apiv1/embed/sessions/) on every page view, and the page frames the
// embed_url it gets back. The key stays on the server; the token in the iframe opens the portal
// once, within five minutes, and only for the domain it was made for.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { PATHS } from '../../../config/paths.ts';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { RichText } from './rich-text.tsx';

export function serverCallFor(domain: string) {
  return `curl -X POST ${window.location.origin}/apiv1/embed/sessions/ \\
  -H "Authorization: Bearer $KASSA_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"domain": "${domain}"}'`;
}

export const IFRAME_TEMPLATE =
  '<iframe src="{embed_url}" title="Kassa" width="100%" height="800" style="border:0" allow="payment" referrerpolicy="strict-origin-when-cross-origin"></iframe>';

/** Code to copy: read-only, in a monospace box that selects all of it when focused. */
function CodeBox({ value, rows, label, testId }: { value: string; rows: number; label: string; testId: string }) {
  return (
    <Form.Control
      as="textarea"
      readOnly
      rows={rows}
      value={value}
      aria-label={label}
      className="font-monospace small"
      onFocus={(event) => event.currentTarget.select()}
      data-testid={testId}
    />
  );
}

export function EmbedSnippet({ merchantId, domains }: { merchantId: string; domains: readonly string[] }) {
  const { t } = usePortalI18n();
  const domain = domains.find((d) => !d.startsWith('*.')) ?? 'shop.example.com';
  const call = serverCallFor(domain);
  return (
    <div data-testid="embed-how">
      <ol className="small ps-3">
        <li>
          <RichText
            render={(marks) => t('embedSettings.how.step1', marks)}
            parts={{
              developers: (
                <Link to={PATHS.developers} className="text-decoration-underline">
                  {t('embedSettings.how.developers')}
                </Link>
              ),
              scope: <code>{'embed:write'}</code>,
            }}
          />
        </li>
        <li>
          <RichText
            render={(marks) => t('embedSettings.how.step2', marks)}
            parts={{ segments: <code>{'"segments"'}</code> }}
          />
        </li>
      </ol>
      <CodeBox value={call} rows={4} label={t('embedSettings.how.serverCall')} testId="embed-server-call" />
      <div className="d-flex justify-content-end mt-2">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => void copyToClipboard(call, t('embedSettings.how.command'))}
          data-testid="embed-server-call-copy"
        >
          {t('embedSettings.how.copy')}
        </Button>
      </div>
      <ol className="small ps-3 mt-2" start={3}>
        <li>
          <RichText
            render={(marks) => t('embedSettings.how.step3', marks)}
            parts={{ embedUrl: <code>{'embed_url'}</code> }}
          />
        </li>
      </ol>
      <CodeBox value={IFRAME_TEMPLATE} rows={3} label={t('embedSettings.how.snippet')} testId="embed-snippet" />
      <p className="small text-body-secondary mt-2 mb-0" data-testid="frame-ancestors-note">
        <RichText
          render={(marks) => t('embedSettings.how.note', marks)}
          parts={{
            csp: <code>{'Content-Security-Policy: frame-ancestors'}</code>,
            merchantId: <code data-testid="embed-merchant-id">{merchantId}</code>,
          }}
        />
      </p>
    </div>
  );
}
