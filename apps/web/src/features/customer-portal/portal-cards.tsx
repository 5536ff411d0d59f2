// The customer's saved cards: make one the default, remove one (after a confirmation), or add one on
// the hosted card fields' page (the add-card link, minted for this customer).

import type { PortalCard } from '@kassa/contract/customer-portal';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import { useCallback, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { checkoutErrorMessage } from '../checkout/index.ts';
import { ConfirmStrip } from './confirm-strip.tsx';
import { addCardLink, makeCardDefault, portalCards, removeCard } from './portal-api.ts';
import { PortalSection } from './portal-section.tsx';
import { usePortalList } from './use-portal-list.ts';

/** What a card action answers: the cards as they are now, or nothing (then the list reloads). */
type CardsAnswer = Promise<PortalCard[] | null>;

function CardRow({ card, onChanged }: { card: PortalCard; onChanged: (cards?: PortalCard[]) => void }) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = paymentMethodText('card', card.brand, card.last4);
  const run = async (action: () => CardsAnswer) => {
    setBusy(true);
    setError(null);
    try {
      onChanged((await action()) ?? undefined);
    } catch (e) {
      setError(checkoutErrorMessage(e, t('customerPortal.cards.actionFailed')));
      setBusy(false);
    }
  };
  return (
    <li className="portal-row" data-testid={`card-${card.id}`}>
      <div className="min-w-0">
        <div className="fw-semibold">
          {label} {card.is_default && <span className="portal-badge">{t('customerPortal.cards.isDefault')}</span>}
        </div>
        <div className="small text-body-secondary">
          {card.expired
            ? t('customerPortal.cards.expired')
            : t('customerPortal.cards.expires', { date: cardExpiryText(card.exp_month, card.exp_year) })}
        </div>
        <ConfirmStrip
          open={confirming}
          label={t('customerPortal.cards.remove')}
          question={t('customerPortal.cards.confirmRemove', { card: label })}
          yes={t('customerPortal.cards.confirmYes')}
          no={t('customerPortal.cards.confirmNo')}
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
              {t('customerPortal.cards.makeDefault')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('customerPortal.cards.remove')}
          </button>
        </span>
      )}
    </li>
  );
}

export function PortalCards() {
  const { t } = useI18n();
  const list = usePortalList(useCallback(() => portalCards(), []));
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      window.location.assign((await addCardLink()).url);
    } catch (e) {
      setError(checkoutErrorMessage(e, t('customerPortal.cards.actionFailed')));
      setAdding(false);
    }
  };
  const onChanged = (cards?: PortalCard[]) => (cards ? list.replace(cards) : list.reload());
  return (
    <PortalSection
      id="portal-cards"
      title={t('customerPortal.cards.title')}
      list={list}
      empty={t('customerPortal.cards.empty')}
      failed={t('customerPortal.cards.failed')}
      actions={
        <button type="button" className="btn btn-outline-primary" onClick={add} disabled={adding}>
          {t('customerPortal.cards.add')}
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
