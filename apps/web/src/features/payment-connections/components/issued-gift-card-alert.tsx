// The one moment the issued card's PIN is visible: only its keyed hash is stored.
import { formatMoney } from '@kassa/contract/money';
import Alert from 'react-bootstrap/Alert';
import type { IssuedGiftCard } from '../api/payment-connections-api.ts';

export function IssuedGiftCardAlert({ issued, onClose }: { issued: IssuedGiftCard; onClose: () => void }) {
  return (
    <Alert variant="success" dismissible onClose={onClose} data-testid="gift-card-issued">
      <div className="fw-semibold mb-1">Gift card issued — note the PIN now, it is not shown again.</div>
      <div className="d-flex flex-wrap gap-3 font-monospace">
        <span>
          Code <strong data-testid="issued-code">{issued.code}</strong>
        </span>
        <span>
          PIN <strong data-testid="issued-pin">{issued.pin}</strong>
        </span>
        <span>
          Balance <strong>{formatMoney(issued.balance, issued.currency)}</strong>
        </span>
      </div>
    </Alert>
  );
}
