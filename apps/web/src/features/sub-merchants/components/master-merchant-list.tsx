// Admins' view of the merchant tree: every master merchant, opened to show its sub-merchants.
import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../../components/data-list/pagination-bar.tsx';
import { SearchInput } from '../../../components/data-list/search-input.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { useMasterMerchants } from '../api/sub-merchants-api.ts';
import { SubMerchantRows } from './sub-merchant-rows.tsx';

export function MasterMerchantList() {
  const list = useListParams('');
  const { data, error, isLoading, mutate } = useMasterMerchants(list.apiQuery([], { with_sub_merchants: true }));
  const [open, setOpen] = useState<Set<string>>(new Set());
  const rows = data?.results ?? [];

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section>
      <PageHeader
        title="Sub-merchants"
        description="Master merchants and the merchants they own. A master's users read its sub-merchants' data."
      />
      <ListCard
        toolbar={
          <SearchInput
            value={list.search}
            onSearch={(search) => list.update({ search })}
            placeholder="Search master merchants"
            testId="master-search"
          />
        }
      >
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading />
        ) : rows.length === 0 ? (
          <ListEmpty
            title={list.search ? 'No master merchant matches' : 'No master merchants yet'}
            text="A merchant becomes a master when another is registered under it."
          />
        ) : (
          <div className="table-responsive">
            <Table className="list-table" data-testid="masters-table">
              <thead>
                <tr>
                  <th scope="col">Master merchant</th>
                  <th scope="col" className="text-end">
                    Sub-merchants
                  </th>
                  <th scope="col" aria-label="Open" />
                </tr>
              </thead>
              <tbody>
                {rows.map((master) => {
                  const isOpen = open.has(master.id);
                  return (
                    <Fragment key={master.id}>
                      <tr data-testid="master-row">
                        <td>
                          <div className="d-flex align-items-center gap-2">
                            <EntityLogo src={master.logo} name={master.name} />
                            <Link to={merchantDetailPath(master.id)} className="fw-semibold">
                              {master.name}
                            </Link>
                          </div>
                        </td>
                        <td className="text-end">{master.sub_merchant_count}</td>
                        <td className="text-end">
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            aria-expanded={isOpen}
                            onClick={() => toggle(master.id)}
                            data-testid="toggle-master"
                          >
                            {isOpen ? 'Hide' : 'Show'} sub-merchants
                          </Button>
                        </td>
                      </tr>
                      {isOpen && (
                        <tr>
                          <td colSpan={3} className="p-0">
                            <SubMerchantRows masterId={master.id} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
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
            noun="master merchants"
          />
        )}
      </ListCard>
    </section>
  );
}
