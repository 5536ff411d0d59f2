// Quick payments (docs/product-rules.md#routes /quickpayment): payment links with a fixed amount, their
// paid count and total collected; create, edit, delete; share link and QR code. Controls follow the
// user's Quick Payments access (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import type { QuickPayment } from '@kassa/contract/quick-payments';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useItemModalState } from '../../components/form/use-item-form-modal.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { confirmDelete, confirmedAction } from '../../lib/confirmed-action.ts';
import { useAppRights } from '../auth/use-access.ts';
import { deleteQuickPayment, useQuickPayments } from './api/quick-payments-api.ts';
import { quickPaymentColumns } from './components/quick-payment-columns.tsx';
import { QuickPaymentFormModal } from './components/quick-payment-form-modal.tsx';

export function QuickPaymentsPage() {
  const rights = useAppRights(APP.QUICK_PAYMENTS);
  const list = useListParams('-created_at');
  const query = useQuickPayments(list.apiQuery([]));
  const { mutate } = query;
  const form = useItemModalState<QuickPayment>();
  const [sharing, setSharing] = useState<QuickPayment | null>(null);

  const remove = (quickPayment: QuickPayment) =>
    confirmedAction({
      confirm: confirmDelete(
        quickPayment.name,
        'Its link stops taking payments. Past payments stay in Transactions.',
        'Yes, delete link',
      ),
      run: () => deleteQuickPayment(quickPayment.id),
      done: 'Quick payment deleted.',
      after: mutate,
    });

  const newButton = rights.create ? (
    <Button onClick={() => form.open(null)} data-testid="qp-new">
      New quick payment
    </Button>
  ) : null;

  return (
    <section>
      <PageHeader
        title="Quick Payments"
        description="Payment links with a fixed amount, ready to share."
        actions={newButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="quick payments"
        testIds={{ search: 'qp-search', table: 'qp-table', row: 'qp-row' }}
        none={{
          title: 'No quick payments yet',
          text: 'Create a payment link with a fixed amount and share it by e-mail, chat or QR code.',
          action: newButton,
        }}
        columns={quickPaymentColumns({
          onShare: setSharing,
          onEdit: rights.edit ? form.open : undefined,
          onDelete: rights.delete ? remove : undefined,
        })}
      />
      <QuickPaymentFormModal {...form.modal} onSaved={() => mutate()} />
      <ShareLinkModal shared={sharing} onClose={() => setSharing(null)} />
    </section>
  );
}
