import type { MerchantListItem } from '@kassa/contract/merchants';
import { formatInternational } from '@kassa/contract/phone';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { hubStatusColumns } from '../../../components/data-list/hub-status-badge.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';

function MerchantCell({ merchant }: { merchant: MerchantListItem }) {
  return (
    <div className="merchant-cell">
      <EntityLogo src={merchant.logo} name={merchant.name} />
      <div>
        {/* The row opens the merchant too; the link keeps it reachable by keyboard. */}
        <Link to={merchantDetailPath(merchant.id)} className="fw-semibold" onClick={(event) => event.stopPropagation()}>
          {merchant.name}
        </Link>
        {merchant.master_merchant_name && <small>Sub-merchant of {merchant.master_merchant_name}</small>}
        {merchant.is_blocked && (
          <Badge bg="danger" data-testid="blocked-badge">
            Blocked
          </Badge>
        )}
      </div>
    </div>
  );
}

/** The merchants list's columns. */
export const MERCHANT_COLUMNS: Column<MerchantListItem>[] = [
  { key: 'merchant', header: 'Merchant', sort: 'name', cell: (merchant) => <MerchantCell merchant={merchant} /> },
  {
    key: 'contact',
    header: 'Contact',
    sort: 'email',
    cell: (merchant) => (
      <>
        {merchant.email}
        <small className="d-block text-body-secondary text-nowrap">
          {merchant.phone ? formatInternational(merchant.phone) : 'No phone'}
        </small>
      </>
    ),
  },
  { key: 'industry', header: 'Industry', cell: (merchant) => merchant.industry_type_name ?? '—' },
  ...hubStatusColumns<MerchantListItem>(['Payments', 'Financing']),
  {
    key: 'subs',
    header: <abbr title="Sub-merchants">Subs</abbr>,
    align: 'end',
    cell: (merchant) => merchant.sub_merchant_count,
  },
  {
    key: 'created',
    header: 'Created',
    sort: 'created_at',
    cellClassName: 'text-nowrap',
    cell: (merchant) => formatDate(merchant.created_at),
  },
];
