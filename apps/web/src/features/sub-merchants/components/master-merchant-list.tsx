// Admins' view of the merchant tree: every master merchant, opened to show its sub-merchants.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { SearchListCard } from '../../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useMasterMerchants } from '../api/sub-merchants-api.ts';
import { SubMerchantRows } from './sub-merchant-rows.tsx';

export function MasterMerchantList() {
  const { t } = usePortalI18n();
  const masterHint = t('subMerchants.master.hint');
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
      <PageHeader title={t('subMerchants.title')} description={t('subMerchants.master.description')} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('subMerchants.master.noun')}
        testIds={{ search: 'master-search', table: 'masters-table', row: 'master-row' }}
        hover={false}
        rowDetail={(master) => open.has(master.id) && <SubMerchantRows masterId={master.id} />}
        noMatch={{ title: t('subMerchants.master.noMatch'), text: masterHint }}
        none={{ title: t('subMerchants.master.empty'), text: masterHint }}
        columns={[
          {
            key: 'master',
            header: t('subMerchants.master.column'),
            cell: (master) => (
              <EntityCell src={master.logo} name={master.name}>
                <Link to={merchantDetailPath(master.id)} className="fw-semibold">
                  {master.name}
                </Link>
              </EntityCell>
            ),
          },
          { key: 'subs', header: t('subMerchants.title'), align: 'end', cell: (master) => master.sub_merchant_count },
          {
            key: 'open',
            label: t('subMerchants.master.open'),
            cellClassName: 'text-end',
            cell: (master) => (
              <Button
                size="sm"
                variant="outline-secondary"
                aria-expanded={open.has(master.id)}
                onClick={() => toggle(master.id)}
                data-testid="toggle-master"
              >
                {open.has(master.id) ? t('subMerchants.master.hide') : t('subMerchants.master.show')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
