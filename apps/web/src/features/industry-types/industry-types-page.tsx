import { ROLE } from '@kassa/contract/access';
import { formatMomentDay, formatNumber } from '@kassa/contract/date-display';
import type { IndustryType } from '@kassa/contract/industry-types';
import Button from 'react-bootstrap/Button';
import { buttonsColumn } from '../../components/data-list/actions-column.tsx';
import { EditDeleteLinks } from '../../components/data-list/row-actions.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { useEditorModal } from '../../components/form/titled-form-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { confirmedAction } from '../../lib/confirmed-action.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { deleteIndustryType, useIndustryTypes } from './api/industry-types-api.ts';
import { IndustryTypeModal } from './components/industry-type-modal.tsx';

/** docs/product-rules.md#routes Industry types: search, sort, create / edit / delete (not while in use). */
export function IndustryTypesPage() {
  const { t, locale } = usePortalI18n();
  const list = useListParams('name');
  const canChange = useSessionSelector((s) => s.auth.user?.role) === ROLE.PLATFORM_ADMIN;
  const query = useIndustryTypes(list.apiQuery([]));
  const { mutate } = query;
  const editor = useEditorModal<IndustryType>(mutate);

  const remove = (industry: IndustryType) =>
    confirmedAction({
      confirm: {
        title: t('industryTypes.delete.title', { name: industry.name }),
        text: t('industryTypes.delete.text'),
        confirmButtonText: t('industryTypes.delete.confirm'),
        cancelButtonText: t('industryTypes.delete.keep'),
      },
      run: () => deleteIndustryType(industry.id),
      done: t('industryTypes.delete.done'),
      failed: t('industryTypes.delete.failed'),
      after: mutate,
    });

  const newButton = canChange && (
    <Button onClick={() => editor.openNew()} data-testid="new-industry-type">
      {t('industryTypes.new')}
    </Button>
  );

  return (
    <section>
      <PageHeader title={t('industryTypes.title')} description={t('industryTypes.description')} actions={newButton} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('industryTypes.noun')}
        search={{ placeholder: t('industryTypes.search') }}
        testIds={{ search: 'industry-type-search', table: 'industry-types-table', row: 'industry-type-row' }}
        noMatch={{ title: t('industryTypes.noMatch.title'), text: t('industryTypes.noMatch.text') }}
        none={{ title: t('industryTypes.empty.title'), action: newButton }}
        columns={[
          {
            key: 'name',
            header: t('industryTypes.column.name'),
            sort: 'name',
            cellClassName: 'fw-semibold',
            cell: (industry) => industry.name,
          },
          {
            key: 'description',
            header: t('industryTypes.column.description'),
            cellClassName: 'text-body-secondary',
            cell: (industry) => industry.description || '—',
          },
          {
            key: 'merchants',
            header: t('industryTypes.column.merchants'),
            align: 'end',
            cell: (industry) => formatNumber(industry.merchant_count, locale),
          },
          {
            key: 'created',
            header: t('industryTypes.column.created'),
            sort: 'created_at',
            cellClassName: 'text-nowrap',
            cell: (industry) => formatMomentDay(new Date(industry.created_at), locale),
          },
          canChange &&
            buttonsColumn<IndustryType>((industry) => (
              <EditDeleteLinks
                onEdit={() => editor.edit(industry)}
                onDelete={() => void remove(industry)}
                editTestId="edit-industry-type"
                deleteTestId="delete-industry-type"
              />
            )),
        ]}
      />
      {editor.modal && <IndustryTypeModal {...editor.modal} />}
    </section>
  );
}
