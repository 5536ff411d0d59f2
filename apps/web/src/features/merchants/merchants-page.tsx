import { HUB_STATUS_LABEL, ROLE } from '@kassa/contract/access';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-list/data-table.tsx';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty } from '../../components/data-list/list-states.tsx';
import { pagedTableProps } from '../../components/data-list/paged-table-props.ts';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { merchantDetailPath } from '../../config/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import {
  registerMerchant,
  useIndustryTypeOptions,
  useMasterMerchantOptions,
  useMerchants,
} from './api/merchants-api.ts';
import { MERCHANT_COLUMNS } from './components/merchant-columns.tsx';
import { EMPTY_MERCHANT_FORM, MerchantFormModal } from './components/merchant-form-modal.tsx';
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
  const isFiltered = Boolean(list.search) || FILTERS.some((key) => list.get(key));

  const registerButton = isPlatformAdmin && (
    <Button onClick={() => setRegistering(true)} data-testid="register-merchant">
      Register merchant
    </Button>
  );

  const filterSelect = (key: (typeof FILTERS)[number], label: string, options: [string, string][]) => (
    <Form.Select
      aria-label={label}
      value={list.get(key)}
      onChange={(event) => list.update({ [key]: event.target.value })}
      data-testid={`filter-${key.replaceAll('_', '-')}`}
    >
      <option value="">{label}: all</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Form.Select>
  );

  return (
    <section>
      <PageHeader
        title="Merchants"
        description="Every merchant on the platform, with its Payment Hub and Financing Hub status."
        actions={registerButton}
      />
      <ListCard
        toolbar={
          <>
            <SearchInput
              list={list}
              placeholder="Search name, e-mail or phone"
              label="Search merchants"
              testId="merchant-search"
            />
            {filterSelect('payment_hub_status', 'Payment Hub', HUB_OPTIONS)}
            {filterSelect('finance_hub_status', 'Financing Hub', HUB_OPTIONS)}
            {filterSelect(
              'industry_type',
              'Industry',
              (industries.data?.results ?? []).map((i) => [i.id, i.name]),
            )}
            {filterSelect('is_blocked', 'Blocked', [
              ['true', 'Blocked'],
              ['false', 'Not blocked'],
            ])}
            {filterSelect(
              'master_merchant',
              'Master merchant',
              (masters.data?.results ?? []).map((m) => [m.id, m.name]),
            )}
            {isFiltered && (
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
      >
        <DataTable
          {...pagedTableProps(query, list, 'merchants')}
          loadingLabel="Loading merchants…"
          testId="merchants-table"
          rowTestId="merchant-row"
          rowKey={(merchant) => merchant.id}
          onRowClick={(merchant) => navigate(merchantDetailPath(merchant.id))}
          empty={
            isFiltered ? (
              <ListEmpty title="No merchants match" text="Try another search or clear the filters." />
            ) : (
              <ListEmpty
                title="No merchants yet"
                text="Registered merchants appear here."
                action={registerButton || undefined}
              />
            )
          }
          columns={MERCHANT_COLUMNS}
        />
      </ListCard>

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
