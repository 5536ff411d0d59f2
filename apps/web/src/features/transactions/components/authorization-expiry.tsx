// An authorization is held by the processor only for a while: say how long is left, and warn
// plainly once less than two days remain or the hold has lapsed.
import Alert from 'react-bootstrap/Alert';

const DAY_MS = 86_400_000;
const WARN_BEFORE_MS = 2 * DAY_MS;
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function authorizationExpiryText(
  expiresAt: string,
  amount: string,
  now = Date.now(),
): { text: string; urgent: boolean } {
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) {
    return {
      text: `The authorization of ${amount} has expired at the processor; capturing it may fail.`,
      urgent: true,
    };
  }
  const days = Math.floor(left / DAY_MS);
  const when = date.format(new Date(expiresAt));
  const span = days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : 'less than a day';
  return {
    text: `${amount} is authorized, not captured. The authorization expires in ${span} (${when}).`,
    urgent: left <= WARN_BEFORE_MS,
  };
}

export function AuthorizationExpiry({ expiresAt, amount }: { expiresAt: string; amount: string }) {
  const { text, urgent } = authorizationExpiryText(expiresAt, amount);
  return (
    <Alert variant={urgent ? 'warning' : 'info'} className="py-2" data-testid="authorization-expiry">
      {urgent && <strong>Expiring: </strong>}
      {text}
    </Alert>
  );
}
