// "Signed-in devices" on the account page: where the account is signed in, and signing one or all
// other devices out (with confirmation).
import type { AuthSession } from '@kassa/contract/passkeys';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { confirmDialog, showToast, toastApiError } from '../../../lib/toast.ts';
import { signOutOtherSessions, signOutSession, useSessions } from '../api/passkeys-api.ts';

export function SessionsSection() {
  const { data, error, mutate } = useSessions();
  const others = data?.sessions.filter((s) => !s.is_current) ?? [];

  const signOut = async (session: AuthSession) => {
    const sure = await confirmDialog({
      title: 'Sign this device out?',
      text: `${session.browser} on ${session.os} will have to sign in again.`,
      confirmButtonText: 'Yes, sign it out',
      cancelButtonText: 'No',
    });
    if (!sure) return;
    try {
      const response = await signOutSession(session.id);
      showToast('success', response.message ?? 'That device was signed out.');
      await mutate();
    } catch (e) {
      toastApiError(e, 'Could not sign that device out. Please try again.');
    }
  };

  const signOutOthers = async () => {
    const sure = await confirmDialog({
      title: 'Sign out every other device?',
      text: 'Only this browser stays signed in.',
      confirmButtonText: 'Yes, sign them out',
      cancelButtonText: 'No',
    });
    if (!sure) return;
    try {
      const response = await signOutOtherSessions();
      showToast('success', response.message ?? 'Signed out on the other devices.');
      await mutate();
    } catch (e) {
      toastApiError(e, 'Could not sign the other devices out. Please try again.');
    }
  };

  return (
    <Card className="form-card mt-4" data-testid="sessions-section">
      <Card.Body>
        <h2 className="h5">Signed-in devices</h2>
        {error ? (
          <p className="text-danger">Could not load your devices. Reload the page to try again.</p>
        ) : !data ? (
          <p className="text-muted">Loading…</p>
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
                      {s.browser} on {s.os}{' '}
                      {s.is_current && (
                        <Badge bg="success" data-testid="session-current">
                          This device
                        </Badge>
                      )}
                    </div>
                    <div className="small text-muted">
                      Signed in {new Date(s.signed_in_at).toLocaleString()} · last seen{' '}
                      {new Date(s.last_seen_at).toLocaleString()} · place {s.place.toLowerCase()}
                    </div>
                  </div>
                  {!s.is_current && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => void signOut(s)}
                      data-testid="session-sign-out"
                    >
                      Sign out
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
                Sign out all other devices
              </Button>
            ) : (
              <p className="text-muted mb-0">No other device is signed in.</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
