// The one moment the issued card's PIN is visible: only its keyed hash is stored.
import { formatMoney } from '@kassa/contract/money';
import Alert from 'react-bootstrap/Alert';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import type { IssuedGiftCard } from '../api/payment-connections-api.ts';

export function IssuedGiftCardAlert({ issued, onClose }: { issued: IssuedGiftCard; onClose: () => void }) {
  const { t, locale } = usePortalI18n();
  return (
    <Alert variant="success" dismissible onClose={onClose} data-testid="gift-card-issued">
      <div className="fw-semibold mb-1">{t('paymentConnections.giftCards.issuedTitle')}</div>
      <div className="d-flex flex-wrap gap-3 font-monospace">
        <span>
          {t('paymentConnections.giftCards.code')} <strong data-testid="issued-code">{issued.code}</strong>
        </span>
        <span>
          {t('paymentConnections.giftCards.pin')} <strong data-testid="issued-pin">{issued.pin}</strong>
        </span>
        <span>
          {t('paymentConnections.giftCards.balance')}{' '}
          <strong>{formatMoney(issued.balance, issued.currency, locale)}</strong>
        </span>
      </div>
    </Alert>
  );
}
