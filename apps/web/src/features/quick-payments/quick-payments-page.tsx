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
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { deleteQuickPayment, useQuickPayments } from './api/quick-payments-api.ts';
import { quickPaymentColumns } from './components/quick-payment-columns.tsx';
import { QuickPaymentFormModal } from './components/quick-payment-form-modal.tsx';

export function QuickPaymentsPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const rights = useAppRights(APP.QUICK_PAYMENTS);
  const { list, query, form, sharing, setSharing, remove, newButton, none } = useCheckoutLinkList(
    rights,
    useQuickPayments,
    {
      deleteItem: deleteQuickPayment,
      deleteWarning: t('quickPayments.delete.warning'),
      deleteButton: t('quickPayments.delete.button'),
      deleted: t('quickPayments.delete.done'),
      newLabel: t('quickPayments.new'),
      empty: { title: t('quickPayments.empty.title'), text: t('quickPayments.empty.text') },
      newTestId: 'qp-new',
    },
  );
  const { mutate } = query;

  return (
    <section>
      <PageHeader title={t('quickPayments.title')} description={t('quickPayments.description')} actions={newButton} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('quickPayments.noun')}
        search={{ placeholder: t('quickPayments.search') }}
        noMatch={{
          title: t('quickPayments.noMatch.title'),
          text: t('quickPayments.noMatch.text', { search: list.search }),
        }}
        testIds={{ search: 'qp-search', table: 'qp-table', row: 'qp-row' }}
        none={none}
        columns={quickPaymentColumns(
          {
            onShare: setSharing,
            ...permittedRowActions(rights, { onEdit: form.open, onDelete: remove }),
          },
          i18n,
        )}
      />
      <QuickPaymentFormModal {...form.modal} onSaved={() => mutate()} />
      <ShareLinkModal shared={sharing} onClose={() => setSharing(null)} />
    </section>
  );
}
