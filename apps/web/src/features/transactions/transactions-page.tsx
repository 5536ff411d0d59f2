// Transactions (docs/product-rules.md#entities transaction): every payment with amount (minor units ÷
// 10^exponent, with the currency symbol), method, status, buyer and date; filters, search, sort,
// pages and a CSV export of the same filter. Admins see every merchant and filter by merchant.
import { isAdminRole } from '@kassa/contract/access';
import { formatMoney } from '@kassa/contract/money';
import { type ReactNode, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSearch } from '../../components/list-search.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { transactionDetailPath } from '../../config/paths.ts';
import { toastApiError } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { useAdminFlag } from '../auth/use-access.ts';
import { exportTransactionsCsv, useMerchantOptions, useTransactions } from './api/transactions-api.ts';
import { TransactionFilters } from './components/transaction-filters.tsx';
import { DisputedBadge, paymentMethodText, TransactionStatusBadge } from './components/transaction-status.tsx';
import { downloadFile } from './download-file.ts';
import { activeFilterCount, buildFilter, EMPTY_FILTERS, type FilterForm } from './transaction-filter.ts';
import './transactions.css';
import { usePaymentMode } from '../../lib/payment-mode.ts';

const PAGE_SIZE = 20;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  const isAdmin = isAdminRole(useSessionSelector((s) => s.auth.user?.role ?? 0));
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTERS);
  const [sortBy, setSortBy] = useState('-created_at');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const debouncedSearch = useDebouncedValue(search);
  // Typed amounts wait for a pause too, so "12.50" asks once and not for "1", "12", "12." …
  const debouncedForm = useDebouncedValue(form);
  const { filter, errors } = useMemo(
    () => buildFilter(debouncedForm, debouncedSearch),
    [debouncedForm, debouncedSearch],
  );
  const mode = usePaymentMode();
  // Admins see the whole platform; a merchant sees the money of the header's mode only.
  const body = useMemo(
    () => ({ ...filter, ...(isAdmin ? {} : { mode }), sort_by: sortBy as never, page, page_size: PAGE_SIZE }),
    [filter, sortBy, page, mode, isAdmin],
  );
  const { data, error, isLoading, mutate } = useTransactions(body);
  // The merchant filter lists the merchants, which the server shows only with view_merchant.
  const merchants = useMerchantOptions(useAdminFlag('view_merchant')).data?.results ?? null;

  const changeFilters = (next: FilterForm) => {
    setForm(next);
    setPage(1);
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const sort = (value: string) => {
    setSortBy(value);
    setPage(1);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportTransactionsCsv({ ...filter, sort_by: sortBy as never });
      downloadFile(blob, filename);
    } catch (exportError) {
      toastApiError(await errorEnvelopeOf(exportError), 'Something went wrong.');
    } finally {
      setExporting(false);
    }
  };

  const filtered = activeFilterCount(form) > 0 || Boolean(debouncedSearch.trim());
  let content: ReactNode;
  if (error && !data) content = <ListError error={error} onRetry={() => mutate()} />;
  else if (isLoading || !data) content = <ListSkeleton />;
  else if (data.count === 0)
    content = filtered ? (
      <ListEmpty icon="transactions" title="No transactions match" text="Try other filters or another search." />
    ) : (
      <ListEmpty
        icon="transactions"
        title="No transactions yet"
        text="Payments made through your checkout links, invoices and the virtual terminal appear here."
      />
    );
  else
    content = (
      <div className="list-card">
        <div className="table-responsive">
          <Table hover className="transactions-table" data-testid="transactions-table">
            <thead>
              <tr>
                <SortHeader field="created_at" sort={sortBy} onSort={sort}>
                  Date
                </SortHeader>
                <th>Buyer</th>
                {isAdmin && <th>Merchant</th>}
                <th>Method</th>
                <th>Status</th>
                <SortHeader field="amount" sort={sortBy} onSort={sort} className="text-end">
                  Amount
                </SortHeader>
              </tr>
            </thead>
            <tbody>
              {data.results.map((t) => (
                <tr key={t.id} data-testid="transaction-row">
                  <td>
                    <Link to={transactionDetailPath(t.id)} data-testid="transaction-link">
                      {dateTime.format(new Date(t.created_at))}
                    </Link>
                  </td>
                  <td>
                    <div className="fw-semibold" data-testid="transaction-buyer">
                      {`${t.buyer_first_name} ${t.buyer_last_name}`.trim() || '—'}
                    </div>
                    <div className="small text-body-secondary">{t.buyer_email}</div>
                  </td>
                  {isAdmin && <td data-testid="transaction-merchant">{t.merchant_name}</td>}
                  <td>{paymentMethodText(t)}</td>
                  <td>
                    <TransactionStatusBadge status={t.status} />
                    <DisputedBadge disputedAt={t.disputed_at} />
                  </td>
                  <td className="text-end text-nowrap fw-semibold" data-testid="transaction-amount">
                    {formatMoney(t.amount, t.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <ListPagination count={data.count} page={data.page} pageSize={PAGE_SIZE} onPage={setPage} noun="transactions" />
      </div>
    );

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment, its status and its refunds."
        actions={
          <Button variant="outline-primary" onClick={runExport} disabled={exporting} data-testid="transactions-export">
            {exporting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <div className="list-toolbar">
        <ListSearch
          value={search}
          onChange={changeSearch}
          placeholder="Search buyer name, e-mail, id or last 4"
          testId="transactions-search"
        />
      </div>
      <TransactionFilters value={form} onChange={changeFilters} errors={errors} merchants={merchants} />
      {content}
    </>
  );
}
