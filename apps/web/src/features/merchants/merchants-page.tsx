import { HUB_STATUS_LABEL, ROLE } from '@kassa/contract/access';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { FilterSelect, isFiltered } from '../../components/data-list/filter-select.tsx';
import { SearchListCard } from '../../components/data-list/search-list-card.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { showToast } from '../../lib/toast.ts';
import {
  registerMerchant,
  useIndustryTypeOptions,
  useMasterMerchantOptions,
  useMerchants,
} from './api/merchants-api.ts';
import { MERCHANT_COLUMNS } from './components/merchant-columns.tsx';
import { MerchantFormModal } from './components/merchant-form-modal.tsx';
import { EMPTY_MERCHANT_FORM } from './components/merchant-form-schema.ts';
import './merchants.css';

const FILTERS = ['payment_hub_status', 'finance_hub_status', 'industry_type', 'is_blocked', 'master_merchant'] as const;
const HUB_OPTIONS = Object.entries(HUB_STATUS_LABEL);

/** docs/product-rules.md#routes Merchants: search, filters, sort and paging over GET /admin/merchant/. */
export function MerchantsPage() {
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
      Register merchant
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="Merchants"
        description="Every merchant on the platform, with its Payment Hub and Financing Hub status."
        actions={registerButton}
      />
      <SearchListCard
        query={query}
        list={list}
        noun="merchants"
        search={{ placeholder: 'Search name, e-mail or phone', label: 'Search merchants' }}
        testIds={{ search: 'merchant-search', table: 'merchants-table', row: 'merchant-row' }}
        filters={
          <>
            <FilterSelect list={list} filter="payment_hub_status" label="Payment Hub" options={HUB_OPTIONS} />
            <FilterSelect list={list} filter="finance_hub_status" label="Financing Hub" options={HUB_OPTIONS} />
            <FilterSelect
              list={list}
              filter="industry_type"
              label="Industry"
              options={(industries.data?.results ?? []).map((i) => [i.id, i.name])}
            />
            <FilterSelect
              list={list}
              filter="is_blocked"
              label="Blocked"
              options={[
                ['true', 'Blocked'],
                ['false', 'Not blocked'],
              ]}
            />
            <FilterSelect
              list={list}
              filter="master_merchant"
              label="Master merchant"
              options={(masters.data?.results ?? []).map((m) => [m.id, m.name])}
            />
            {filtered && (
              <Button
                variant="link"
                size="sm"
                onClick={() => list.update(Object.fromEntries(['search', ...FILTERS].map((k) => [k, null])))}
                data-testid="clear-filters"
              >
                Clear filters
              </Button>
            )}
          </>
        }
        loadingLabel="Loading merchants…"
        onRowClick={(merchant) => navigate(merchantDetailPath(merchant.id))}
        filtered={filtered}
        noMatch={{ title: 'No merchants match', text: 'Try another search or clear the filters.' }}
        none={{
          title: 'No merchants yet',
          text: 'Registered merchants appear here.',
          action: registerButton || undefined,
        }}
        columns={MERCHANT_COLUMNS}
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
            showToast('success', response.message ?? 'Merchant registered.');
            setRegistering(false);
            await mutate();
            navigate(merchantDetailPath(response.result.merchant.id));
          }}
        />
      )}
    </section>
  );
}
