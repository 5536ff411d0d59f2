// The customer page's saved cards: brand, last 4 and expiry, a flag on cards that expire
// before the next expected charge (or have expired) with "Send link to replace", and per card Charge
// and Remove (asked first). "Send link to add a card" e-mails the public add-card page; "Check with
// processor" takes what the processors changed on their side (a card removed there, a renewed expiry).
import type { Customer } from '@kassa/contract/customers';
import { formatMomentDay } from '@kassa/contract/date-display';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import type { CardSyncResult, SavedCardView } from '@kassa/contract/saved-cards';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { confirmedAction } from '../../../lib/confirmed-action.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { removeSavedCard, sendCardLink, syncSavedCards, useSavedCards } from '../api/saved-cards-api.ts';

export const cardName = (card: Pick<SavedCardView, 'brand' | 'last4'>) =>
  paymentMethodText('card', card.brand, card.last4);

/** What a check with the processor found, in a sentence or three. */
export function syncSummary(t: ReturnType<typeof usePortalI18n>['t'], result: CardSyncResult) {
  const parts = [
    result.removed || result.updated
      ? t('customers.cards.syncChanged', { removed: String(result.removed), updated: String(result.updated) })
      : t('customers.cards.syncSame'),
  ];
  if (result.kept_while_paying)
    parts.push(t('customers.cards.syncWaiting', { count: String(result.kept_while_paying) }));
  if (result.not_checked) parts.push(t('customers.cards.syncNotChecked', { count: String(result.not_checked) }));
  if (result.not_saved_through_kassa)
    parts.push(t('customers.cards.syncElsewhere', { count: String(result.not_saved_through_kassa) }));
  return parts.join(' ');
}

function ExpiryFlag({ card }: { card: SavedCardView }) {
  const { t } = usePortalI18n();
  if (card.expired)
    return (
      <Badge bg="danger" data-testid="card-expired">
        {t('customers.cards.expired')}
      </Badge>
    );
  if (card.expiring)
    return (
      <Badge bg="warning" text="dark" data-testid="card-expiring">
        {t('customers.cards.expiring')}
      </Badge>
    );
  return null;
}

export function SavedCardsCard({
  customer,
  rights,
  onCharge,
}: {
  customer: Customer;
  rights: AppRights;
  onCharge: (card: SavedCardView) => void;
}) {
  const { t, locale } = usePortalI18n();
  const { data: cards, error, isLoading, mutate } = useSavedCards(customer.id);
  const noEmail = !customer.email;
  const [syncing, setSyncing] = useState(false);

  const sync = async () => {
    setSyncing(true);
    try {
      showToast('success', syncSummary(t, (await syncSavedCards(customer.id)).result));
      await mutate();
    } catch (syncError) {
      toastApiError(syncError, t('common.somethingWrong'));
    } finally {
      setSyncing(false);
    }
  };

  const sendLink = (replacing: SavedCardView | null) =>
    confirmedAction({
      run: () => sendCardLink(customer.id, replacing?.id ?? null),
      done: t('customers.cards.linkSent', { email: customer.email ?? '' }),
    });

  const remove = (card: SavedCardView) =>
    confirmedAction({
      confirm: {
        title: t('customers.cards.removeTitle', { card: cardName(card) }),
        text: t('customers.cards.removeText'),
        confirmButtonText: t('customers.cards.removeConfirm'),
        cancelButtonText: t('customers.cards.keep'),
      },
      run: () => removeSavedCard(customer.id, card.id),
      done: t('customers.cards.removed'),
      after: () => mutate(),
    });

  const linkTitle = noEmail ? t('customers.cards.needEmail') : undefined;
  let body: React.ReactNode;
  if (error && !cards) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !cards) body = <ListLoading />;
  else if (cards.length === 0)
    body = <ListEmpty title={t('customers.cards.emptyTitle')} text={t('customers.cards.emptyText')} />;
  else
    body = (
      <ListGroup variant="flush" data-testid="saved-cards">
        {cards.map((card) => (
          <ListGroup.Item key={card.id} className="saved-card-row" data-testid="saved-card">
            <div className="me-auto">
              <div className="fw-semibold">
                <span data-testid="saved-card-name">{cardName(card)}</span> <ExpiryFlag card={card} />
              </div>
              <div className="small text-body-secondary">
                {t('customers.cards.expiresSaved', {
                  expiry: cardExpiryText(card.exp_month, card.exp_year),
                  date: formatMomentDay(new Date(card.created_at), locale),
                })}
              </div>
            </div>
            <div className="saved-card-actions">
              {rights.create && !card.expired && (
                <Button size="sm" variant="outline-primary" onClick={() => onCharge(card)} data-testid="card-charge">
                  {t('customers.cards.charge')}
                </Button>
              )}
              {rights.edit && (card.expiring || card.expired) && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => sendLink(card)}
                  disabled={noEmail}
                  title={linkTitle}
                  data-testid="card-replace-link"
                >
                  {t('customers.cards.replaceLink')}
                </Button>
              )}
              {rights.delete && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => remove(card)}
                  aria-label={t('customers.cards.removeLabel', { card: cardName(card) })}
                  data-testid="card-remove"
                >
                  {t('customers.cards.remove')}
                </Button>
              )}
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
    );

  return (
    <Card className="mb-3" data-testid="customer-cards">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{t('customers.cards.title')}</span>
        {rights.edit && Boolean(cards?.length) && (
          <Button size="sm" variant="outline-secondary" onClick={sync} disabled={syncing} data-testid="cards-sync">
            {syncing ? t('customers.cards.syncing') : t('customers.cards.sync')}
          </Button>
        )}
        {rights.edit && (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => sendLink(null)}
            disabled={noEmail}
            title={linkTitle}
            data-testid="card-add-link"
          >
            {t('customers.cards.addLink')}
          </Button>
        )}
      </Card.Header>
      {cards?.length ? body : <Card.Body>{body}</Card.Body>}
    </Card>
  );
}
