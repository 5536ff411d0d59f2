// Admins' view of the merchant tree: every master merchant, opened to show its sub-merchants.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { SearchListCard } from '../../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { useMasterMerchants } from '../api/sub-merchants-api.ts';
import { SubMerchantRows } from './sub-merchant-rows.tsx';

const MASTER_HINT = 'A merchant becomes a master when another is registered under it.';

export function MasterMerchantList() {
  const list = useListParams('');
  const query = useMasterMerchants(list.apiQuery([], { with_sub_merchants: true }));
  const [open, setOpen] = useState<Set<string>>(new Set());

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
      <SearchListCard
        query={query}
        list={list}
        noun="master merchants"
        testIds={{ search: 'master-search', table: 'masters-table', row: 'master-row' }}
        hover={false}
        rowDetail={(master) => open.has(master.id) && <SubMerchantRows masterId={master.id} />}
        noMatch={{ title: 'No master merchant matches', text: MASTER_HINT }}
        none={{ title: 'No master merchants yet', text: MASTER_HINT }}
        columns={[
          {
            key: 'master',
            header: 'Master merchant',
            cell: (master) => (
              <EntityCell src={master.logo} name={master.name}>
                <Link to={merchantDetailPath(master.id)} className="fw-semibold">
                  {master.name}
                </Link>
              </EntityCell>
            ),
          },
          { key: 'subs', header: 'Sub-merchants', align: 'end', cell: (master) => master.sub_merchant_count },
          {
            key: 'open',
            label: 'Open',
            cellClassName: 'text-end',
            cell: (master) => (
              <Button
                size="sm"
                variant="outline-secondary"
                aria-expanded={open.has(master.id)}
                onClick={() => toggle(master.id)}
                data-testid="toggle-master"
              >
                {open.has(master.id) ? 'Hide' : 'Show'} sub-merchants
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
