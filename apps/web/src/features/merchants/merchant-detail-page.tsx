import { ROLE } from '@kassa/contract/access';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { MERCHANTS_PATH, merchantPath, useMerchantDetail } from './api/merchants-api.ts';
import { EditMerchantModal } from './components/edit-merchant-modal.tsx';
import { HubStatusCard } from './components/hub-status-card.tsx';
import { MerchantActions } from './components/merchant-actions.tsx';
import { MerchantAuditTable } from './components/merchant-audit-table.tsx';
import { MerchantHeroCard } from './components/merchant-hero-card.tsx';
import { MerchantProfileCard } from './components/merchant-profile-card.tsx';
import { MerchantSection, merchantSections } from './components/merchant-sections.tsx';
import './merchants.css';

/**
 * docs/product-rules.md#routes Merchant detail. A platform admin changes things; a staff admin with
 * view_merchant reads the same page without any action.
 */
export function MerchantDetailPage() {
  const i18n = usePortalI18n();
  const { t } = i18n;
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
      title={t('merchants.detail.title')}
      actions={
        <Link to={PATHS.merchants} className="btn btn-link px-0">
          {t('merchants.detail.back')}
        </Link>
      }
    />
  );

  if (!data?.merchant) {
    return (
      <section>
        {header}
        {isLoading ? (
          <PageSpinner label={t('merchants.detail.loading')} />
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
  const sections = merchantSections(i18n);
  return (
    <section>
      {header}
      <MerchantHeroCard
        merchant={merchant}
        actions={
          canChange &&
          !isRemoved && (
            <MerchantActions
              merchant={merchant}
              onEdit={() => setEditing(true)}
              onChanged={refresh}
              onRemoved={async () => {
                await refresh();
                navigate(PATHS.merchants);
              }}
            />
          )
        }
      />

      <div className="detail-grid mb-4">
        <MerchantProfileCard merchant={merchant} />
        <HubStatusCard merchant={merchant} audit={data.audit} canChange={canChange && !isRemoved} onChanged={refresh} />
      </div>

      <MerchantSection {...sections.users} rows={data.users} />
      <MerchantSection {...sections.providers} rows={data.provider_connections} />
      {data.recent_transactions && <MerchantSection {...sections.transactions} rows={data.recent_transactions} />}
      <MerchantSection {...sections.subMerchants} rows={data.sub_merchants} />
      <MerchantAuditTable merchantId={merchant.id} />

      {editing && (
        <EditMerchantModal
          merchant={merchant}
          onHide={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await refresh();
          }}
        />
      )}
    </section>
  );
}
