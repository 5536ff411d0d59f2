import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import { formatInternational } from '@kassa/contract/phone';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { countryName } from '../../../components/region-options.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';

export function MerchantProfileCard({ merchant }: { merchant: MerchantAdminProfile }) {
  const address = [merchant.address, merchant.city, merchant.state, merchant.zip_code].filter(Boolean).join(', ');
  return (
    <Card className="h-100" data-testid="merchant-profile">
      <Card.Body>
        <h2 className="section-title mb-3">Business profile</h2>
        <dl className="definition-list">
          <dt>E-mail</dt>
          <dd>{merchant.email}</dd>
          <dt>Phone</dt>
          <dd data-testid="merchant-phone-value">{merchant.phone ? formatInternational(merchant.phone) : '—'}</dd>
          <dt>Website</dt>
          <dd>
            {merchant.website ? (
              <a href={merchant.website} target="_blank" rel="noopener noreferrer">
                {merchant.website}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>Address</dt>
          <dd>{address || '—'}</dd>
          <dt>Country</dt>
          <dd>{countryName(merchant.country) || '—'}</dd>
          <dt>Currency</dt>
          <dd>{merchant.default_currency}</dd>
          <dt>Industry</dt>
          <dd>{merchant.industry_type_name ?? '—'}</dd>
          <dt>Master merchant</dt>
          <dd>
            {merchant.master_merchant_id ? (
              <Link to={merchantDetailPath(merchant.master_merchant_id)}>{merchant.master_merchant_name}</Link>
            ) : (
              'None'
            )}
          </dd>
          <dt>Connections</dt>
          <dd>{merchant.allow_connections ? 'Allowed' : 'Not allowed'}</dd>
          <dt>Registered</dt>
          <dd>{formatDateTime(merchant.created_at)}</dd>
          <dt>Last change</dt>
          <dd>{formatDateTime(merchant.updated_at)}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
