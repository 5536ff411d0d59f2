// Financial connections (docs/product-rules.md#routes, docs/product-rules.md#api-calls): the platform admin's financing partners with
// search and industry filter, create / edit in a modal, delete with a confirm. Failures show the
// server's message, else "An error occurred" (docs/product-rules.md#error-messages).
import { FINANCIAL_CONNECTION_ERROR_FALLBACK, type FinancialConnectionView } from '@kassa/contract/financing';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { EntityLogo } from '../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../components/data-list/format.ts';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../components/data-list/pagination-bar.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { DEFAULT_PAGE_SIZE, toQueryString, useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import {
  deleteFinancialConnection,
  useFinancialConnections,
  useIndustryOptions,
} from './api/financial-connections-api.ts';
import { FinancialConnectionModal } from './components/financial-connection-modal.tsx';
import './financial-connections.css';

const SHOWN_INDUSTRIES = 3;

/** The SSO URL's host: the full address is in the cell's title and the edit form. */
const hostOfUrl = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function FinancialConnectionsPage() {
  const list = useListParams('name');
  const industry = list.get('search_industry');
  // The API orders by name and takes no sort_by: only search, the industry filter and paging go out.
  const { data, error, isLoading, mutate } = useFinancialConnections(
    toQueryString({ page: list.page, page_size: DEFAULT_PAGE_SIZE, search: list.search, search_industry: industry }),
  );
  const industries = useIndustryOptions();
  const industryOptions = industries.data?.results ?? [];
  const [editing, setEditing] = useState<FinancialConnectionView | 'new' | null>(null);
  const rows = data?.results ?? [];
  const filtered = Boolean(list.search || industry);

  const remove = async (connection: FinancialConnectionView) => {
    const confirmed = await confirmDialog({
      title: `Delete ${connection.name}?`,
      text: 'Merchants no longer see this partner in their Financing Hub.',
      confirmButtonText: 'Yes, delete it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    try {
      const response = await deleteFinancialConnection(connection.id);
      showToast('success', response.message ?? 'Financial connection deleted.');
      await mutate();
    } catch (err) {
      toastApiError(err, FINANCIAL_CONNECTION_ERROR_FALLBACK);
    }
  };

  const newButton = (
    <Button onClick={() => setEditing('new')} data-testid="fc-new">
      New connection
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Financial connections"
        description="Financing partners merchants reach from their Financing Hub, matched by industry and opened with single sign-on."
        actions={newButton}
      />
      <ListCard
        toolbar={
          <>
            <SearchInput
              value={list.search}
              onSearch={(search) => list.update({ search })}
              placeholder="Search partners"
              testId="fc-search"
            />
            <Form.Select
              aria-label="Industry"
              value={industry}
              onChange={(event) => list.update({ search_industry: event.target.value })}
              data-testid="fc-industry-filter"
            >
              <option value="">All industries</option>
              {industryOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </Form.Select>
          </>
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading />
        ) : rows.length === 0 ? (
          filtered ? (
            <ListEmpty title="No financial connection matches" text="Try another search or industry." />
          ) : (
            <ListEmpty
              title="No financial connections yet"
              text="Add a financing partner so merchants can open it from their Financing Hub."
              action={newButton}
            />
          )
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table" data-testid="fc-table">
              <thead>
                <tr>
                  <th scope="col">Partner</th>
                  <th scope="col">Industries</th>
                  <th scope="col">SSO URL</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                  <th scope="col" aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {rows.map((connection) => (
                  <tr key={connection.id} data-testid="fc-row">
                    <td>
                      <div className="d-flex align-items-center gap-2">
                        <EntityLogo src={connection.logo} name={connection.name} />
                        <div>
                          <div className="fw-semibold" data-testid="fc-row-name">
                            {connection.name}
                          </div>
                          {connection.description && (
                            <div className="small text-body-secondary fc-description">{connection.description}</div>
                          )}
                        </div>
                      </div>
                    </td>
                    <td>
                      <div className="d-flex flex-wrap gap-1">
                        {connection.industry_types.slice(0, SHOWN_INDUSTRIES).map((it) => (
                          <Badge key={it.id} bg="light" text="dark" className="border">
                            {it.name}
                          </Badge>
                        ))}
                        {connection.industry_types.length > SHOWN_INDUSTRIES && (
                          <Badge
                            bg="light"
                            text="secondary"
                            className="border"
                            title={connection.industry_types.map((it) => it.name).join(', ')}
                          >
                            +{connection.industry_types.length - SHOWN_INDUSTRIES} more
                          </Badge>
                        )}
                      </div>
                    </td>
                    <td className="small font-monospace text-nowrap" title={connection.sso_url}>
                      {hostOfUrl(connection.sso_url)}
                    </td>
                    <td>
                      {connection.is_active ? (
                        <Badge bg="success-subtle" text="success">
                          Active
                        </Badge>
                      ) : (
                        <Badge bg="secondary-subtle" text="secondary">
                          Inactive
                        </Badge>
                      )}
                    </td>
                    <td className="text-nowrap">{formatDate(connection.updated_at)}</td>
                    <td className="text-end text-nowrap">
                      <Button size="sm" variant="link" onClick={() => setEditing(connection)} data-testid="fc-edit">
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        onClick={() => void remove(connection)}
                        data-testid="fc-delete"
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {data && (
          <PaginationBar
            count={data.count}
            page={list.page}
            pageSize={DEFAULT_PAGE_SIZE}
            onPage={(page) => list.update({ page })}
            noun="financial connections"
          />
        )}
      </ListCard>
      {editing && (
        <FinancialConnectionModal
          editing={editing === 'new' ? null : editing}
          industries={industryOptions}
          onHide={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await mutate();
          }}
        />
      )}
    </section>
  );
}
