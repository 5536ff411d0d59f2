// The customer page's saved cards: brand, last 4 and expiry, a flag on cards that expire
// before the next expected charge (or have expired) with "Send link to replace", and per card Charge
// and Remove (asked first). "Send link to add a card" e-mails the public add-card page.
import type { Customer } from '@kassa/contract/customers';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import type { SavedCardView } from '@kassa/contract/saved-cards';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import type { AppRights } from '../../../lib/app-access.ts';
import { confirmedAction } from '../../../lib/confirmed-action.ts';
import { removeSavedCard, sendCardLink, useSavedCards } from '../api/saved-cards-api.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const cardName = (card: Pick<SavedCardView, 'brand' | 'last4'>) =>
  paymentMethodText('card', card.brand, card.last4);

function ExpiryFlag({ card }: { card: SavedCardView }) {
  if (card.expired)
    return (
      <Badge bg="danger" data-testid="card-expired">
        Expired
      </Badge>
    );
  if (card.expiring)
    return (
      <Badge bg="warning" text="dark" data-testid="card-expiring">
        Expires soon
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
  const { data: cards, error, isLoading, mutate } = useSavedCards(customer.id);
  const noEmail = !customer.email;

  const sendLink = (replacing: SavedCardView | null) =>
    confirmedAction({
      run: () => sendCardLink(customer.id, replacing?.id ?? null),
      done: `Link sent to ${customer.email}.`,
    });

  const remove = (card: SavedCardView) =>
    confirmedAction({
      confirm: {
        title: `Remove ${cardName(card)}?`,
        text: 'The card is deleted at the processor too, so it cannot be charged again. Past payments stay as they are.',
        confirmButtonText: 'Yes, remove card',
        cancelButtonText: 'No, keep it',
      },
      run: () => removeSavedCard(customer.id, card.id),
      done: 'Card removed.',
      after: () => mutate(),
    });

  const linkTitle = noEmail ? 'Add the customer’s e-mail address first' : undefined;
  let body: React.ReactNode;
  if (error && !cards) body = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !cards) body = <ListLoading />;
  else if (cards.length === 0)
    body = (
      <ListEmpty
        title="No saved cards"
        text="Cards the customer keeps at checkout, or adds from your link, are listed here."
      />
    );
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
                Expires {cardExpiryText(card.exp_month, card.exp_year)} · saved{' '}
                {dateFormat.format(new Date(card.created_at))}
              </div>
            </div>
            <div className="saved-card-actions">
              {rights.create && !card.expired && (
                <Button size="sm" variant="outline-primary" onClick={() => onCharge(card)} data-testid="card-charge">
                  Charge
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
                  Send link to replace
                </Button>
              )}
              {rights.delete && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => remove(card)}
                  aria-label={`Remove ${cardName(card)}`}
                  data-testid="card-remove"
                >
                  Remove
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
        <span className="me-auto">Saved cards</span>
        {rights.edit && (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => sendLink(null)}
            disabled={noEmail}
            title={linkTitle}
            data-testid="card-add-link"
          >
            Send link to add a card
          </Button>
        )}
      </Card.Header>
      {cards && cards.length > 0 ? body : <Card.Body>{body}</Card.Body>}
    </Card>
  );
}
