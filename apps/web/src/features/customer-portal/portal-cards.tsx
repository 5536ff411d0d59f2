// The customer's saved cards: make one the default, remove one (after a confirmation), or add one on
// the hosted card fields' page (the add-card link, minted for this customer).

import type { PortalCard } from '@kassa/contract/customer-portal';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import { useCallback, useState } from 'react';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { ConfirmStrip } from './confirm-strip.tsx';
import { addCardLink, makeCardDefault, portalCards, removeCard } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { usePortalList } from './use-portal-list.ts';

const TEXT = {
  title: 'Saved cards',
  empty: 'You have no saved cards.',
  failed: 'Your cards could not be loaded. Reload the page to try again.',
  add: 'Add a card',
  makeDefault: 'Make default',
  isDefault: 'Default',
  expired: 'Expired',
  expires: (text: string) => `Expires ${text}`,
  remove: 'Remove',
  confirmRemove: (card: string) => `Remove ${card}? It will not be charged again.`,
  confirmYes: 'Yes, remove',
  confirmNo: 'Keep it',
  actionFailed: 'That did not work. Try again.',
};

function CardRow({ card, onChanged }: { card: PortalCard; onChanged: (cards?: PortalCard[]) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = paymentMethodText('card', card.brand, card.last4);
  const run = async (action: () => Promise<PortalCard[] | null>) => {
    setBusy(true);
    setError(null);
    try {
      onChanged((await action()) ?? undefined);
    } catch (e) {
      setError(checkoutErrorMessage(e, TEXT.actionFailed));
      setBusy(false);
    }
  };
  return (
    <li className="portal-row" data-testid={`card-${card.id}`}>
      <div className="min-w-0">
        <div className="fw-semibold">
          {label} {card.is_default && <span className="portal-badge">{TEXT.isDefault}</span>}
        </div>
        <div className="small text-body-secondary">
          {card.expired ? TEXT.expired : TEXT.expires(cardExpiryText(card.exp_month, card.exp_year))}
        </div>
        <ConfirmStrip
          open={confirming}
          label={TEXT.remove}
          question={TEXT.confirmRemove(label)}
          yes={TEXT.confirmYes}
          no={TEXT.confirmNo}
          busy={busy}
          onYes={() => run(() => removeCard(card.id))}
          onNo={() => setConfirming(false)}
          error={error}
        />
      </div>
      {!confirming && (
        <span className="ms-auto portal-actions">
          {!card.is_default && !card.expired && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={busy}
              onClick={() => run(() => makeCardDefault(card.id))}
            >
              {TEXT.makeDefault}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {TEXT.remove}
          </button>
        </span>
      )}
    </li>
  );
}

export function PortalCards() {
  const list = usePortalList(useCallback(() => portalCards(), []));
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      window.location.assign((await addCardLink()).url);
    } catch (e) {
      setError(checkoutErrorMessage(e, TEXT.actionFailed));
      setAdding(false);
    }
  };
  const onChanged = (cards?: PortalCard[]) => (cards ? list.replace(cards) : list.reload());
  return (
    <PortalSection
      id="portal-cards"
      title={TEXT.title}
      list={list}
      empty={TEXT.empty}
      failed={TEXT.failed}
      actions={
        <button type="button" className="btn btn-outline-primary" onClick={add} disabled={adding}>
          {TEXT.add}
        </button>
      }
    >
      {(rows) => (
        <>
          {error && (
            <p className="text-danger small" role="alert">
              {error}
            </p>
          )}
          <ul className="portal-list">
            {rows.map((card) => (
              <CardRow key={card.id} card={card} onChanged={onChanged} />
            ))}
          </ul>
        </>
      )}
    </PortalSection>
  );
}
