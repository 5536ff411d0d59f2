// An authorization is held by the processor only for a while: say how long is left, and warn
// plainly once less than two days remain or the hold has lapsed.
import { formatMoment } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import Alert from 'react-bootstrap/Alert';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const DAY_MS = 86_400_000;
const WARN_BEFORE_MS = 2 * DAY_MS;

export function authorizationExpiryText(
  expiresAt: string,
  amount: string,
  { t, locale }: { t: Translate; locale: Locale },
  now = Date.now(),
): { text: string; urgent: boolean } {
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return { text: t('transactions.authorization.expired', { amount }), urgent: true };
  const days = Math.floor(left / DAY_MS);
  return {
    text: t('transactions.authorization.expiresIn', {
      amount,
      days,
      when: formatMoment(new Date(expiresAt), locale),
    }),
    urgent: left <= WARN_BEFORE_MS,
  };
}

export function AuthorizationExpiry({ expiresAt, amount }: { expiresAt: string; amount: string }) {
  const i18n = usePortalI18n();
  const { text, urgent } = authorizationExpiryText(expiresAt, amount, i18n);
  return (
    <Alert variant={urgent ? 'warning' : 'info'} className="py-2" data-testid="authorization-expiry">
      {urgent && <strong>{i18n.t('transactions.authorization.expiring')}</strong>}
      {text}
    </Alert>
  );
}
