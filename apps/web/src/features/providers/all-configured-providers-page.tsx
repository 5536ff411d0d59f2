import { PROVIDER_CONNECTION_KINDS } from '@kassa/contract/merchants';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../components/data-list/format.ts';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../components/data-list/labels.tsx';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../components/data-list/pagination-bar.tsx';
import { RemotePicker } from '../../components/data-list/remote-picker.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { useProviderConnections } from './api/providers-api.ts';

const FILTERS = ['kind', 'merchant_id'] as const;

/** docs/product-rules.md#routes All configured providers: every merchant's connections, never their credentials. */
export function AllConfiguredProvidersPage() {
  const list = useListParams('-created_at');
  const { data, error, isLoading, mutate } = useProviderConnections(list.apiQuery(FILTERS));
  const rows = data?.results ?? [];
  const merchantId = list.get('merchant_id');
  const isFiltered = Boolean(list.search || merchantId || list.get('kind'));

  return (
    <section>
      <PageHeader
        title="All configured providers"
        description="Payment, gift card, wallet and anti-fraud connections of every merchant, with their last check."
      />
      <ListCard
        toolbar={
          <>
            <SearchInput
              value={list.search}
              onSearch={(search) => list.update({ search })}
              placeholder="Search merchant or provider"
              testId="provider-search"
            />
            <Form.Select
              aria-label="Kind"
              value={list.get('kind')}
              onChange={(event) => list.update({ kind: event.target.value })}
              data-testid="filter-kind"
            >
              <option value="">Kind: all</option>
              {PROVIDER_CONNECTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {humanize(kind)}
                </option>
              ))}
            </Form.Select>
            <RemotePicker
              endpoint="/admin/merchant/"
              value={merchantId ? { id: merchantId, name: list.get('merchant_name') || 'Selected merchant' } : null}
              onChange={(picked) =>
                list.update({ merchant_id: picked?.id ?? null, merchant_name: picked?.name ?? null })
              }
              placeholder="Filter by merchant"
              label="Merchant"
              testId="provider-merchant"
            />
          </>
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading label="Loading connections…" />
        ) : rows.length === 0 ? (
          <ListEmpty
            title={isFiltered ? 'No connection matches' : 'No provider configured yet'}
            text={
              isFiltered
                ? 'Try another search or filter.'
                : 'Connections appear here once merchants set them up in their Payment Hub.'
            }
          />
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table" data-testid="providers-table">
              <thead>
                <tr>
                  <SortHeader field="merchant_name" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Merchant
                  </SortHeader>
                  <th scope="col">Kind</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last verification</th>
                  <SortHeader field="created_at" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Added
                  </SortHeader>
                </tr>
              </thead>
              <tbody>
                {rows.map((connection) => (
                  <tr key={connection.id} data-testid="provider-row">
                    <td>
                      <Link to={merchantDetailPath(connection.merchant_id)} className="fw-semibold">
                        {connection.merchant_name}
                      </Link>
                    </td>
                    <td>{humanize(connection.kind)}</td>
                    <td>{humanize(connection.provider)}</td>
                    <td>
                      <EnabledBadge enabled={connection.enabled} />
                    </td>
                    <td>
                      <ProviderStatusBadge status={connection.status} />
                    </td>
                    <td>
                      <span className="text-nowrap">{formatDateTime(connection.last_verified_at, 'Never')}</span>
                      {connection.last_verification_message && (
                        <small className="d-block text-body-secondary">{connection.last_verification_message}</small>
                      )}
                    </td>
                    <td className="text-nowrap">{formatDate(connection.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && (
          <PaginationBar
            count={data.count ?? 0}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            onPage={(page) => list.update({ page })}
            noun="connections"
          />
        )}
      </ListCard>
    </section>
  );
}
