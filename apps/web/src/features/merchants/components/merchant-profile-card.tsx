import type { MerchantAdminProfile } from '@kassa/contract/merchants';
import { formatInternational } from '@kassa/contract/phone';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/data-list/format.ts';
import { countryName } from '../../../components/region-options.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export function MerchantProfileCard({ merchant }: { merchant: MerchantAdminProfile }) {
  const { t, locale } = usePortalI18n();
  const address = [merchant.address, merchant.city, merchant.state, merchant.zip_code].filter(Boolean).join(', ');
  return (
    <Card className="h-100" data-testid="merchant-profile">
      <Card.Body>
        <h2 className="section-title mb-3">{t('merchants.profile.title')}</h2>
        <dl className="definition-list">
          <dt>{t('components.person.email')}</dt>
          <dd>{merchant.email}</dd>
          <dt>{t('merchants.field.phone')}</dt>
          <dd data-testid="merchant-phone-value">{merchant.phone ? formatInternational(merchant.phone) : '—'}</dd>
          <dt>{t('merchants.profile.website')}</dt>
          <dd>
            {merchant.website ? (
              <a href={merchant.website} target="_blank" rel="noopener noreferrer">
                {merchant.website}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>{t('merchants.field.address')}</dt>
          <dd>{address || '—'}</dd>
          <dt>{t('merchants.field.country')}</dt>
          <dd>{countryName(merchant.country, locale) || '—'}</dd>
          <dt>{t('merchants.profile.currency')}</dt>
          <dd>{merchant.default_currency}</dd>
          <dt>{t('merchants.column.industry')}</dt>
          <dd>{merchant.industry_type_name ?? '—'}</dd>
          <dt>{t('merchants.filter.master')}</dt>
          <dd>
            {merchant.master_merchant_id ? (
              <Link to={merchantDetailPath(merchant.master_merchant_id)}>{merchant.master_merchant_name}</Link>
            ) : (
              t('merchants.profile.none')
            )}
          </dd>
          <dt>{t('merchants.profile.connections')}</dt>
          <dd>{merchant.allow_connections ? t('merchants.profile.allowed') : t('merchants.profile.notAllowed')}</dd>
          <dt>{t('merchants.profile.registered')}</dt>
          <dd>{formatDateTime(merchant.created_at, '—', locale)}</dd>
          <dt>{t('merchants.profile.lastChange')}</dt>
          <dd>{formatDateTime(merchant.updated_at, '—', locale)}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
