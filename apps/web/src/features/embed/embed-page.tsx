// docs/product-rules.md#embed-entry Embed entry page: reads token and merchant_id from the query string, shows "Please wait
// while we set up your session...", runs the embed login once (embed-login.ts) and goes home, where
// the session lands on its first allowed section. docs/product-rules.md#error-messages, docs/product-rules.md#constants: a warning when the portal has not
// loaded after 3000 ms; "Access token not found in response." when the callback returns none.
import { EMBED_NO_ACCESS_TOKEN } from '@kassa/contract/embed';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useSearchParams } from 'react-router';
import kassaLogo from '../../assets/kassa-logo.svg';
import { PATHS } from '../../config/paths.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { useSessionDispatch } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { allowedTabsSet, sessionStarted } from '../auth/index.ts';
import { COOKIES_BLOCKED, startEmbedLogin } from './embed-login.ts';

/** docs/product-rules.md#constants: embed load warning after 3000 ms. */
export const EMBED_LOAD_WARNING_MS = 3000;
export const EMBED_LINK_INCOMPLETE = 'This embed link is incomplete: it needs a token and a merchant_id.';

const EMBED_OPEN_FAILED = 'The embedded portal could not be opened.';

/** The page's own sentences (kept in English for the tests and logs) by their catalogue key; a server's message shows as sent. */
const KNOWN_ERRORS: Record<string, string> = {
  [EMBED_LINK_INCOMPLETE]: 'embed.linkIncomplete',
  [EMBED_NO_ACCESS_TOKEN]: 'embed.noAccessToken',
  [COOKIES_BLOCKED]: 'embed.cookiesBlocked',
  [EMBED_OPEN_FAILED]: 'embed.openFailed',
};

export function EmbedPage() {
  const { t } = usePortalI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const merchantId = params.get('merchant_id') ?? '';
  const isComplete = Boolean(token && merchantId);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(isComplete ? null : EMBED_LINK_INCOMPLETE);
  const [isSlow, setSlow] = useState(false);

  useEffect(() => {
    if (!isComplete) return;
    let isCurrent = true;
    const slowTimer = window.setTimeout(() => {
      console.warn(`The embedded portal has not loaded after ${EMBED_LOAD_WARNING_MS} ms`);
      setSlow(true);
    }, EMBED_LOAD_WARNING_MS);
    startEmbedLogin({ token, merchantId })
      .then((session) => {
        if (!isCurrent) return;
        dispatch(allowedTabsSet(session.allowedTabs));
        dispatch(sessionStarted({ access: session.access, refresh: session.refresh, user: session.user }));
        navigate(PATHS.home, { replace: true });
      })
      .catch((err: unknown) => {
        if (!isCurrent) return;
        console.error('Embed login failed', err);
        setError(apiErrorMessage(err, EMBED_OPEN_FAILED));
      })
      .finally(() => window.clearTimeout(slowTimer));
    return () => {
      isCurrent = false;
      window.clearTimeout(slowTimer);
    };
  }, [isComplete, token, merchantId, dispatch, navigate]);

  return (
    <main className="status-page" data-testid="embed-page">
      <img src={kassaLogo} alt={t('embed.logo')} height={32} className="mb-4" />
      {error ? (
        <div style={{ maxWidth: 480 }}>
          <Alert variant="danger" data-testid="embed-error">
            {Object.hasOwn(KNOWN_ERRORS, error) ? t(KNOWN_ERRORS[error]!) : error}
          </Alert>
          {isComplete && (
            <Button variant="outline-primary" onClick={() => window.location.reload()} data-testid="embed-retry">
              {t('embed.tryAgain')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <Spinner animation="border" variant="primary" className="mb-3" role="status" aria-hidden="true" />
          <p className="text-body-secondary mb-0" data-testid="embed-wait">
            {t('embed.wait')}
          </p>
          {isSlow && (
            <Alert variant="warning" className="mt-3" style={{ maxWidth: 480 }} data-testid="embed-slow">
              {t('embed.slow')}
            </Alert>
          )}
        </>
      )}
    </main>
  );
}
