import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { MerchantListItem } from '@kassa/contract/merchants';
import { formatInternational } from '@kassa/contract/phone';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { hubStatusColumns } from '../../../components/data-list/hub-status-badge.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

function MerchantCell({ merchant }: { merchant: MerchantListItem }) {
  const { t } = usePortalI18n();
  return (
    <div className="merchant-cell">
      <EntityLogo src={merchant.logo} name={merchant.name} />
      <div>
        {/* The row opens the merchant too; the link keeps it reachable by keyboard. */}
        <Link to={merchantDetailPath(merchant.id)} className="fw-semibold" onClick={(event) => event.stopPropagation()}>
          {merchant.name}
        </Link>
        {merchant.master_merchant_name && (
          <small>{t('merchants.list.subMerchantOf', { name: merchant.master_merchant_name })}</small>
        )}
        {merchant.is_blocked && (
          <Badge bg="danger" data-testid="blocked-badge">
            {t('merchants.blocked')}
          </Badge>
        )}
      </div>
    </div>
  );
}

/** The merchants list's columns. */
export function merchantColumns({ t, locale }: { t: Translate; locale: Locale }): Column<MerchantListItem>[] {
  return [
    {
      key: 'merchant',
      header: t('merchants.column.merchant'),
      sort: 'name',
      cell: (merchant) => <MerchantCell merchant={merchant} />,
    },
    {
      key: 'contact',
      header: t('merchants.column.contact'),
      sort: 'email',
      cell: (merchant) => (
        <>
          {merchant.email}
          <small className="d-block text-body-secondary text-nowrap">
            {merchant.phone ? formatInternational(merchant.phone) : t('merchants.list.noPhone')}
          </small>
        </>
      ),
    },
    { key: 'industry', header: t('merchants.column.industry'), cell: (merchant) => merchant.industry_type_name ?? '—' },
    ...hubStatusColumns<MerchantListItem>([t('merchants.column.payments'), t('merchants.column.financing')]),
    {
      key: 'subs',
      header: <abbr title={t('merchants.column.subMerchants')}>{t('merchants.column.subs')}</abbr>,
      align: 'end',
      cell: (merchant) => merchant.sub_merchant_count,
    },
    {
      key: 'created',
      header: t('merchants.column.created'),
      sort: 'created_at',
      cellClassName: 'text-nowrap',
      cell: (merchant) => formatDate(merchant.created_at, '—', locale),
    },
  ];
}
