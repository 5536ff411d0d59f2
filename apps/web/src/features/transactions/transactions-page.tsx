// Transactions (docs/product-rules.md#entities transaction): every payment with amount (minor units ÷
// 10^exponent, with the currency symbol), method, status, buyer and date; filters, search, sort,
// pages and a CSV export of the same filter. Admins see every merchant and filter by merchant.
import { isAdminRole } from '@kassa/contract/access';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { DataTable } from '../../components/data-list/data-table.tsx';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty } from '../../components/data-list/list-states.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { toastApiError } from '../../lib/toast.ts';
import { useAdminFlag } from '../../lib/use-access.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { exportTransactionsCsv, useMerchantOptions, useTransactions } from './api/transactions-api.ts';
import { transactionColumns } from './components/transaction-columns.tsx';
import { TransactionFilters } from './components/transaction-filters.tsx';
import { activeFilterCount, buildFilter, EMPTY_FILTERS, type FilterForm } from './transaction-filter.ts';
import './transactions.css';
import { usePaymentMode } from '../../lib/payment-mode.ts';

/** A failed blob request carries the error envelope as a Blob: read its message when it is JSON. */
async function errorEnvelopeOf(error: unknown): Promise<unknown> {
  if (!(error instanceof Blob)) return error;
  try {
    return JSON.parse(await error.text());
  } catch {
    return null;
  }
}

export function TransactionsPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const isAdmin = isAdminRole(useSessionSelector((s) => s.auth.user?.role ?? 0));
  const isMaster = useSessionSelector((s) => s.auth.user?.merchant?.is_master ?? false);
  // Page, search and sort live in the address bar (components/data-list/use-list-params.ts); the
  // filter form stays here, as half-typed amounts are no state to share.
  const list = useListParams('-created_at');
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTERS);
  const [exporting, setExporting] = useState(false);

  // Typed amounts wait for a pause too, so "12.50" asks once and not for "1", "12", "12." …
  const debouncedForm = useDebouncedValue(form);
  const { filter, errors } = useMemo(() => buildFilter(debouncedForm, list.search, t), [debouncedForm, list.search, t]);
  const mode = usePaymentMode();
  // Admins see the whole platform; a merchant sees the money of the header's mode only.
  const body = useMemo(
    () => ({
      ...filter,
      ...(isAdmin ? {} : { mode }),
      sort_by: list.sort as never,
      page: list.page,
      page_size: DEFAULT_PAGE_SIZE,
    }),
    [filter, list.sort, list.page, mode, isAdmin],
  );
  const { data, error, mutate } = useTransactions(body);
  // The merchant filter lists the merchants, which the server shows only with view_merchant.
  const merchants = useMerchantOptions(useAdminFlag('view_merchant')).data?.results ?? null;

  const changeFilters = (next: FilterForm) => {
    setForm(next);
    list.update({});
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportTransactionsCsv({ ...filter, sort_by: list.sort as never });
      downloadFile(blob, filename);
    } catch (exportError) {
      toastApiError(await errorEnvelopeOf(exportError), t('transactions.somethingWrong'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        description={t('transactions.description')}
        actions={
          <Button variant="outline-primary" onClick={runExport} disabled={exporting} data-testid="transactions-export">
            {exporting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {exporting ? t('transactions.exporting') : t('transactions.exportCsv')}
          </Button>
        }
      />
      <TransactionFilters value={form} onChange={changeFilters} errors={errors} merchants={merchants} />
      <ListCard
        toolbar={<SearchInput list={list} placeholder={t('transactions.search')} testId="transactions-search" />}
      >
        <DataTable
          rows={data?.results}
          error={error}
          onRetry={() => void mutate()}
          sort={list.sort}
          onSort={(sort_by) => list.update({ sort_by })}
          pagination={
            data && {
              count: data.count,
              page: list.page,
              onPage: (page) => list.update({ page }),
              noun: t('transactions.noun'),
            }
          }
          className="list-table transactions-table"
          testId="transactions-table"
          rowTestId="transaction-row"
          rowKey={(t) => t.id}
          empty={
            activeFilterCount(form) > 0 || list.search ? (
              <ListEmpty title={t('transactions.empty.noMatch')} text={t('transactions.empty.noMatchText')} />
            ) : (
              <ListEmpty title={t('transactions.empty.none')} text={t('transactions.empty.noneText')} />
            )
          }
          columns={transactionColumns(isAdmin || isMaster, i18n)}
        />
      </ListCard>
    </>
  );
}
