import { ROLE } from '@kassa/contract/access';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { EntityLogo } from '../../components/data-list/entity-logo.tsx';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useSessionSelector } from '../auth/session-hooks.ts';
import { MERCHANTS_PATH, merchantPath, patchMerchant, useMerchantDetail } from './api/merchants-api.ts';
import { HubStatusCard } from './components/hub-status-card.tsx';
import { MerchantActions } from './components/merchant-actions.tsx';
import { MerchantAuditTable } from './components/merchant-audit-table.tsx';
import { MerchantFormModal } from './components/merchant-form-modal.tsx';
import { MerchantProfileCard } from './components/merchant-profile-card.tsx';
import {
  MerchantSection,
  PROVIDERS_SECTION,
  SUB_MERCHANTS_SECTION,
  TRANSACTIONS_SECTION,
  USERS_SECTION,
} from './components/merchant-sections.tsx';
import './merchants.css';

/**
 * docs/product-rules.md#routes Merchant detail. A platform admin changes things; a staff admin with
 * view_merchant reads the same page without any action.
 */
export function MerchantDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { mutate: mutateGlobal } = useSWRConfig();
  const canChange = useSessionSelector((s) => s.auth.user?.role) === ROLE.PLATFORM_ADMIN;
  const { data, error, isLoading, mutate } = useMerchantDetail(id);
  const [editing, setEditing] = useState(false);

  // The detail, its history pages and the merchants list all show what an action changed.
  const refresh = () =>
    mutateGlobal(
      (key) => typeof key === 'string' && (key.startsWith(merchantPath(id)) || key.startsWith(MERCHANTS_PATH)),
    );

  const header = (
    <PageHeader
      title="Merchant detail"
      actions={
        <Link to={PATHS.merchants} className="btn btn-link px-0">
          ← All merchants
        </Link>
      }
    />
  );

  if (!data?.merchant) {
    return (
      <section>
        {header}
        {isLoading ? (
          <PageSpinner label="Loading merchant…" />
        ) : (
          <Card>
            <ListError error={error} onRetry={() => void mutate()} />
          </Card>
        )}
      </section>
    );
  }

  const { merchant } = data;
  const isRemoved = merchant.removed_at !== null;
  return (
    <section>
      {header}
      <Card className="mb-4">
        <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-3">
          <div className="merchant-hero">
            <EntityLogo src={merchant.logo} name={merchant.name} size={56} />
            <div>
              <h2 className="h4 mb-1" data-testid="merchant-name">
                {merchant.name}
              </h2>
              <div className="d-flex flex-wrap gap-2">
                {merchant.is_blocked && (
                  <Badge bg="danger" data-testid="merchant-blocked">
                    Blocked
                  </Badge>
                )}
                {isRemoved && <Badge bg="dark">Removed</Badge>}
                {merchant.sub_merchant_count > 0 && (
                  <Badge bg="info" text="dark">
                    Master of {merchant.sub_merchant_count}
                  </Badge>
                )}
                <span className="text-body-secondary small">{merchant.email}</span>
              </div>
            </div>
          </div>
          {canChange && !isRemoved && (
            <MerchantActions
              merchant={merchant}
              onEdit={() => setEditing(true)}
              onChanged={refresh}
              onRemoved={async () => {
                await refresh();
                navigate(PATHS.merchants);
              }}
            />
          )}
        </Card.Body>
      </Card>

      <div className="detail-grid mb-4">
        <MerchantProfileCard merchant={merchant} />
        <HubStatusCard merchant={merchant} audit={data.audit} canChange={canChange && !isRemoved} onChanged={refresh} />
      </div>

      <MerchantSection {...USERS_SECTION} rows={data.users} />
      <MerchantSection {...PROVIDERS_SECTION} rows={data.provider_connections} />
      {data.recent_transactions && <MerchantSection {...TRANSACTIONS_SECTION} rows={data.recent_transactions} />}
      <MerchantSection {...SUB_MERCHANTS_SECTION} rows={data.sub_merchants} />
      <MerchantAuditTable merchantId={merchant.id} />

      {editing && (
        <MerchantFormModal
          mode="edit"
          show
          defaultValues={{
            name: merchant.name,
            email: merchant.email,
            phone: merchant.phone ?? '',
            address: merchant.address,
            city: merchant.city,
            state: merchant.state,
            zip_code: merchant.zip_code,
            country: merchant.country,
            default_currency: merchant.default_currency,
            website: merchant.website,
            industry_type_id: merchant.industry_type_id ?? '',
            logo: merchant.logo,
          }}
          onHide={() => setEditing(false)}
          onSubmit={async ({ owner: _owner, master_merchant_id: _master, ...profile }) => {
            const response = await patchMerchant(merchant.id, profile);
            showToast('success', response.message ?? 'Merchant saved.');
            setEditing(false);
            await refresh();
          }}
        />
      )}
    </section>
  );
}
