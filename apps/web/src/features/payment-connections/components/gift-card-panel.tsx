// Sandbox gift cards of the merchant: issue one (the PIN is shown once, only its
// keyed hash is stored) and list them with their balances, so a buyer can try partial and full
// payments with a gift card at checkout.

import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { toQueryString } from '../../../components/data-list/use-list-params.ts';
import { type IssuedGiftCard, useGiftCards } from '../api/payment-connections-api.ts';
import { GiftCardIssueForm } from './gift-card-issue-form.tsx';
import { GiftCardTable } from './gift-card-table.tsx';
import { IssuedGiftCardAlert } from './issued-gift-card-alert.tsx';

const PAGE_SIZE = 10;

export function GiftCardPanel({ canIssue }: { canIssue: boolean }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useGiftCards(toQueryString({ page, page_size: PAGE_SIZE }));
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);
  const rows = data?.results ?? [];
  return (
    <Card className="connection-card" data-testid="gift-card-panel">
      <Card.Body>
        <h2 className="h6 mb-1">Sandbox gift cards</h2>
        <p className="small text-body-secondary">
          Issue test gift cards and use them at checkout to pay part or all of a total.
        </p>
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
          <ListEmpty title="No gift cards yet" text="Issue one above to try gift card payments at checkout." />
        ) : (
          <GiftCardTable rows={rows} />
        )}
        {data && data.count > PAGE_SIZE && (
          <PaginationBar count={data.count} page={page} pageSize={PAGE_SIZE} onPage={setPage} noun="gift cards" />
        )}
      </Card.Body>
    </Card>
  );
}
