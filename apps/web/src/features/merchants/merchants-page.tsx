import { HUB_STATUS_LABEL, ROLE } from '@kassa/contract/access';
import { formatInternational } from '@kassa/contract/phone';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { EntityLogo } from '../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../components/data-list/format.ts';
import { HubStatusBadge } from '../../components/data-list/hub-status-badge.tsx';
import { ListCard } from '../../components/data-list/list-card.tsx';
import { ListEmpty, ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PaginationBar } from '../../components/data-list/pagination-bar.tsx';
import { SearchInput } from '../../components/data-list/search-input.tsx';
import { SortHeader } from '../../components/data-list/sort-header.tsx';
import { DEFAULT_PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
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
  const { data, error, isLoading, mutate } = useMerchants(list.apiQuery(FILTERS));
  const industries = useIndustryTypeOptions();
  const masters = useMasterMerchantOptions();
  const rows = data?.results ?? [];
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
              value={list.search}
              onSearch={(search) => list.update({ search })}
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
        {error && !data ? (
          <ListError error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <ListLoading label="Loading merchants…" />
        ) : rows.length === 0 ? (
          isFiltered ? (
            <ListEmpty title="No merchants match" text="Try another search or clear the filters." />
          ) : (
            <ListEmpty
              title="No merchants yet"
              text="Registered merchants appear here."
              action={registerButton || undefined}
            />
          )
        ) : (
          <div className="table-responsive">
            <Table hover className="list-table" data-testid="merchants-table">
              <thead>
                <tr>
                  <SortHeader field="name" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Merchant
                  </SortHeader>
                  <SortHeader field="email" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Contact
                  </SortHeader>
                  <th scope="col">Industry</th>
                  <th scope="col">Payments</th>
                  <th scope="col">Financing</th>
                  <th scope="col" className="text-end">
                    <abbr title="Sub-merchants">Subs</abbr>
                  </th>
                  <SortHeader field="created_at" sort={list.sort} onSort={(sort_by) => list.update({ sort_by })}>
                    Created
                  </SortHeader>
                </tr>
              </thead>
              <tbody>
                {rows.map((merchant) => (
                  <tr
                    key={merchant.id}
                    className="is-clickable"
                    onClick={() => navigate(merchantDetailPath(merchant.id))}
                    data-testid="merchant-row"
                  >
                    <td>
                      <div className="merchant-cell">
                        <EntityLogo src={merchant.logo} name={merchant.name} />
                        <div>
                          <Link
                            to={merchantDetailPath(merchant.id)}
                            className="fw-semibold"
                            onClick={(event) => event.stopPropagation()}
                          >
                            {merchant.name}
                          </Link>
                          {merchant.master_merchant_name && (
                            <small>Sub-merchant of {merchant.master_merchant_name}</small>
                          )}
                          {merchant.is_blocked && (
                            <Badge bg="danger" data-testid="blocked-badge">
                              Blocked
                            </Badge>
                          )}
                        </div>
                      </div>
                    </td>
                    <td>
                      {merchant.email}
                      <small className="d-block text-body-secondary text-nowrap">
                        {merchant.phone ? formatInternational(merchant.phone) : 'No phone'}
                      </small>
                    </td>
                    <td>{merchant.industry_type_name ?? '—'}</td>
                    <td>
                      <HubStatusBadge hub="Payment Hub" status={merchant.payment_hub_status} compact />
                    </td>
                    <td>
                      <HubStatusBadge hub="Financing Hub" status={merchant.finance_hub_status} compact />
                    </td>
                    <td className="text-end">{merchant.sub_merchant_count}</td>
                    <td className="text-nowrap">{formatDate(merchant.created_at)}</td>
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
            noun="merchants"
          />
        )}
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
