// Sandbox gift cards of the merchant: issue one (the PIN is shown once, only its
// keyed hash is stored) and list them with their balances, so a buyer can try partial and full
// payments with a gift card at checkout.

import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { toQueryString } from '../../../components/data-list/use-list-params.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { type IssuedGiftCard, useGiftCards } from '../api/payment-connections-api.ts';
import { GiftCardIssueForm } from './gift-card-issue-form.tsx';
import { GiftCardTable } from './gift-card-table.tsx';
import { IssuedGiftCardAlert } from './issued-gift-card-alert.tsx';

const PAGE_SIZE = 10;

export function GiftCardPanel({ canIssue }: { canIssue: boolean }) {
  const { t } = usePortalI18n();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useGiftCards(toQueryString({ page, page_size: PAGE_SIZE }));
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const rows = data?.results ?? [];
  return (
    <Card className="connection-card" data-testid="gift-card-panel">
      <Card.Body>
        <h2 className="h6 mb-1">{t('paymentConnections.giftCards.title')}</h2>
        <p className="small text-body-secondary">{t('paymentConnections.giftCards.intro')}</p>
        {canIssue && (
          <GiftCardIssueForm
            onIssued={async (card) => {
              setIssued(card);
              setPage(1);
              await mutate();
            }}
          />
        )}
        {issued && <IssuedGiftCardAlert issued={issued} onClose={() => setIssued(null)} />}
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading />
        ) : rows.length === 0 ? (
          <ListEmpty
            title={t('paymentConnections.giftCards.emptyTitle')}
            text={t('paymentConnections.giftCards.emptyText')}
          />
        ) : (
          <GiftCardTable rows={rows} />
        )}
        {data && data.count > PAGE_SIZE && (
          <PaginationBar
            count={data.count}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            noun={t('paymentConnections.giftCards.noun')}
          />
        )}
      </Card.Body>
    </Card>
  );
}
