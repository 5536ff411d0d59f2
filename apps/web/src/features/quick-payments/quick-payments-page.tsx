// Quick payments (docs/product-rules.md#routes /quickpayment): payment links with a fixed amount, their
// paid count and total collected; create, edit, delete; share link and QR code. Controls follow the
// user's Quick Payments access (docs/ARCHITECTURE.md).
import { APP } from '@kassa/contract/access';
import { useCheckoutLinkList } from '../../components/checkout-link-list.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ShareLinkModal } from '../../components/share-link-modal.tsx';
import { permittedRowActions } from '../../lib/app-access.ts';
import { useAppRights } from '../../lib/use-access.ts';
import { deleteQuickPayment, useQuickPayments } from './api/quick-payments-api.ts';
import { quickPaymentColumns } from './components/quick-payment-columns.tsx';
import { QuickPaymentFormModal } from './components/quick-payment-form-modal.tsx';

export function QuickPaymentsPage() {
  const rights = useAppRights(APP.QUICK_PAYMENTS);
  const { list, query, form, sharing, setSharing, remove, newButton, none } = useCheckoutLinkList(
    rights,
    useQuickPayments,
    {
      deleteItem: deleteQuickPayment,
      deleteWarning: 'Its link stops taking payments. Past payments stay in Transactions.',
      deleteButton: 'Yes, delete link',
      deleted: 'Quick payment deleted.',
      newLabel: 'New quick payment',
      empty: {
        title: 'No quick payments yet',
        text: 'Create a payment link with a fixed amount and share it by e-mail, chat or QR code.',
      },
      newTestId: 'qp-new',
    },
  );
  const { mutate } = query;

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
        none={none}
        columns={quickPaymentColumns({
          onShare: setSharing,
          ...permittedRowActions(rights, { onEdit: form.open, onDelete: remove }),
        })}
      />
      <QuickPaymentFormModal {...form.modal} onSaved={() => mutate()} />
      <ShareLinkModal shared={sharing} onClose={() => setSharing(null)} />
    </section>
  );
}
