import { HUB_STATUS, ROLE } from '@kassa/contract/access';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { hubStatusLabel } from '../../lib/portal-labels.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { showToast } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import {
  registerMerchant,
  useIndustryTypeOptions,
  useMasterMerchantOptions,
  useMerchants,
} from './api/merchants-api.ts';
import { merchantColumns } from './components/merchant-columns.tsx';
import { MerchantFormModal } from './components/merchant-form-modal.tsx';
import { EMPTY_MERCHANT_FORM } from './components/merchant-form-schema.ts';
import './merchants.css';
import { apiSuccessMessage } from '../../lib/api-client.ts';

const FILTERS = ['payment_hub_status', 'finance_hub_status', 'industry_type', 'is_blocked', 'master_merchant'] as const;

/** docs/product-rules.md#routes Merchants: search, filters, sort and paging over GET /admin/merchant/. */
export function MerchantsPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
  const hubOptions = Object.values(HUB_STATUS).map((status): [string, string] => [
    String(status),
    hubStatusLabel(t, status),
  ]);
  const list = useListParams('-created_at');
  const navigate = useNavigate();
  const isPlatformAdmin = useSessionSelector((s) => s.auth.user?.role) === ROLE.PLATFORM_ADMIN;
  const [registering, setRegistering] = useState(false);
  const query = useMerchants(list.apiQuery(FILTERS));
  const { mutate } = query;
  const industries = useIndustryTypeOptions();
  const masters = useMasterMerchantOptions();
  const filtered = isFiltered(list, FILTERS);

  const registerButton = isPlatformAdmin && (
    <Button onClick={() => setRegistering(true)} data-testid="register-merchant">
      {t('merchants.register')}
    </Button>
  );

  return (
    <section>
      <PageHeader title={t('merchants.title')} description={t('merchants.description')} actions={registerButton} />
      <SearchListCard
        query={query}
        list={list}
        noun={t('merchants.noun')}
        search={{ placeholder: t('merchants.search.placeholder'), label: t('merchants.search.label') }}
        testIds={{ search: 'merchant-search', table: 'merchants-table', row: 'merchant-row' }}
        filters={
          <>
            <FilterSelect
              list={list}
              filter="payment_hub_status"
              label={t('nav.group.paymentHub')}
              options={hubOptions}
            />
            <FilterSelect
              list={list}
              filter="finance_hub_status"
              label={t('nav.group.financingHub')}
              options={hubOptions}
            />
            <FilterSelect
              list={list}
              filter="industry_type"
              label={t('merchants.filter.industry')}
              options={(industries.data?.results ?? []).map((i) => [i.id, i.name])}
            />
            <FilterSelect
              list={list}
              filter="is_blocked"
              label={t('merchants.filter.blocked')}
              options={[
                ['true', t('merchants.blocked')],
                ['false', t('merchants.filter.notBlocked')],
              ]}
            />
            <FilterSelect
              list={list}
              filter="master_merchant"
              label={t('merchants.filter.master')}
              options={(masters.data?.results ?? []).map((m) => [m.id, m.name])}
            />
            {filtered && (
              <Button
                variant="link"
                size="sm"
                onClick={() => list.update(Object.fromEntries(['search', ...FILTERS].map((k) => [k, null])))}
                data-testid="clear-filters"
              >
                {t('merchants.filter.clear')}
              </Button>
            )}
          </>
        }
        loadingLabel={t('merchants.loading')}
        onRowClick={(merchant) => navigate(merchantDetailPath(merchant.id))}
        filtered={filtered}
        noMatch={{ title: t('merchants.noMatch.title'), text: t('merchants.noMatch.text') }}
        none={{
          title: t('merchants.empty.title'),
          text: t('merchants.empty.text'),
          action: registerButton || undefined,
        }}
        columns={merchantColumns(i18n)}
      />

      {registering && (
        <MerchantFormModal
          mode="register"
          show
          defaultValues={EMPTY_MERCHANT_FORM}
          onHide={() => setRegistering(false)}
          onSubmit={async ({ owner, ...profile }) => {
            // The register form always has the owner section; the schema keeps it optional for edits.
            const response = await registerMerchant({ ...profile, owner: owner! });
            showToast('success', apiSuccessMessage(response.message, t('merchants.registered')));
            setRegistering(false);
            await mutate();
            navigate(merchantDetailPath(response.result.merchant.id));
          }}
        />
      )}
    </section>
  );
}
