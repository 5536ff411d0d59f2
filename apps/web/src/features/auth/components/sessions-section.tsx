// "Signed-in devices" on the account page: where the account is signed in, and signing one or all
// other devices out (with confirmation).
import { formatMoment } from '@kassa/contract/date-display';
import type { AuthSession } from '@kassa/contract/passkeys';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { apiSuccessMessage } from '../../../lib/api-client.ts';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { signOutOtherSessions, signOutSession, useSessions } from '../api/passkeys-api.ts';

export function SessionsSection() {
  const { t, locale } = usePortalI18n();
  const at = (iso: string) => formatMoment(new Date(iso), locale);
  const { data, error, mutate } = useSessions();
  const others = data?.sessions.filter((s) => !s.is_current) ?? [];

  const signOut = async (session: AuthSession) => {
    const sure = await confirmDialog({
      title: t('auth.sessions.signOutTitle'),
      text: t('auth.sessions.signOutText', { browser: session.browser, os: session.os }),
      confirmButtonText: t('auth.sessions.signOutConfirm'),
      cancelButtonText: t('auth.no'),
    });
    if (!sure) return;
    try {
      const response = await signOutSession(session.id);
      showToast('success', apiSuccessMessage(response.message, t('auth.sessions.signedOut')));
      await mutate();
    } catch (e) {
      toastApiError(e, t('auth.sessions.signOutFailed'));
    }
  };

  const signOutOthers = async () => {
    const sure = await confirmDialog({
      title: t('auth.sessions.othersTitle'),
      text: t('auth.sessions.othersText'),
      confirmButtonText: t('auth.sessions.othersConfirm'),
      cancelButtonText: t('auth.no'),
    });
    if (!sure) return;
    try {
      const response = await signOutOtherSessions();
      showToast('success', apiSuccessMessage(response.message, t('auth.sessions.othersDone')));
      await mutate();
    } catch (e) {
      toastApiError(e, t('auth.sessions.othersFailed'));
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="sessions-section">
      <Card.Body>
        <h2 className="h5">{t('auth.sessions.title')}</h2>
        {error ? (
          <p className="text-danger">{t('auth.sessions.loadFailed')}</p>
        ) : !data ? (
          <p className="text-muted">{t('auth.loading')}</p>
        ) : (
          <>
            <ListGroup variant="flush" className="mb-3">
              {data.sessions.map((s) => (
                <ListGroup.Item
                  key={s.id}
                  className="d-flex flex-wrap gap-2 align-items-center px-0"
                  data-testid="session-row"
                >
                  <div className="flex-grow-1">
                    <div className="fw-medium">
                      {t('auth.sessions.device', { browser: s.browser, os: s.os })}{' '}
                      {s.is_current && (
                        <Badge bg="success" data-testid="session-current">
                          {t('auth.sessions.thisDevice')}
                        </Badge>
                      )}
                    </div>
                    <div className="small text-muted">
                      {t('auth.sessions.details', {
                        signedIn: at(s.signed_in_at),
                        lastSeen: at(s.last_seen_at),
                        place: s.place === 'Unknown' ? t('auth.sessions.placeUnknown') : s.place,
                      })}
                    </div>
                  </div>
                  {!s.is_current && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => void signOut(s)}
                      data-testid="session-sign-out"
                    >
                      {t('auth.sessions.signOut')}
                    </Button>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
            {others.length > 0 ? (
              <Button
                variant="outline-danger"
                onClick={() => void signOutOthers()}
                data-testid="sessions-sign-out-others"
              >
                {t('auth.sessions.signOutOthers')}
              </Button>
            ) : (
              <p className="text-muted mb-0">{t('auth.sessions.noOthers')}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
