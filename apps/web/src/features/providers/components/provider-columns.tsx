// The columns of the all-configured-providers list: whose connection, what and which provider, and
// how its last check went. Credentials are never in the row (the API does not send them).
import { formatMoment, formatMomentDay } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { AdminProviderConnection, PROVIDER_CONNECTION_KINDS } from '@kassa/contract/merchants';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';

/** The catalogue key of each kind of connection (the filter's options too). */
export const KIND_KEY: Record<(typeof PROVIDER_CONNECTION_KINDS)[number], string> = {
  payment_service: 'providers.kind.paymentService',
  gift_card: 'providers.kind.giftCard',
  digital_wallet: 'providers.kind.digitalWallet',
  anti_fraud: 'providers.kind.antiFraud',
};

const kindLabel = (kind: string, t: Translate) =>
  Object.hasOwn(KIND_KEY, kind) ? t(KIND_KEY[kind as keyof typeof KIND_KEY]) : humanize(kind);

export function providerColumns({ t, locale }: { t: Translate; locale: Locale }): Column<AdminProviderConnection>[] {
  return [
    {
      key: 'merchant',
      header: t('providers.column.merchant'),
      sort: 'merchant_name',
      cell: (connection) => (
        <Link to={merchantDetailPath(connection.merchant_id)} className="fw-semibold">
          {connection.merchant_name}
        </Link>
      ),
    },
    { key: 'kind', header: t('providers.column.kind'), cell: (connection) => kindLabel(connection.kind, t) },
    // Provider names are brands ("adyen" → "Adyen"), the same in every language.
    { key: 'provider', header: t('providers.column.provider'), cell: (connection) => humanize(connection.provider) },
    {
      key: 'enabled',
      header: t('providers.column.enabled'),
      cell: (connection) => (
        <EnabledBadge enabled={connection.enabled} labels={[t('providers.enabled'), t('providers.disabled')]} />
      ),
    },
    {
      key: 'status',
      header: t('providers.column.status'),
      cell: (connection) => <ProviderStatusBadge status={connection.status} />,
    },
    {
      key: 'verified',
      header: t('providers.column.verified'),
      cell: (connection) => (
        <>
          <span className="text-nowrap">
            {connection.last_verified_at
              ? formatMoment(new Date(connection.last_verified_at), locale)
              : t('providers.never')}
          </span>
          {connection.last_verification_message && (
            <small className="d-block text-body-secondary">{connection.last_verification_message}</small>
          )}
        </>
      ),
    },
    {
      key: 'added',
      header: t('providers.column.added'),
      sort: 'created_at',
      cellClassName: 'text-nowrap',
      cell: (connection) => formatMomentDay(new Date(connection.created_at), locale),
    },
  ];
}
