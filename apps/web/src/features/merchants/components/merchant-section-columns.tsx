// The columns of the lists on the merchant detail page.
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { MerchantDetail } from '@kassa/contract/merchants';
import { formatMoney } from '@kassa/contract/money';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityLogo } from '../../../components/data-list/entity-logo.tsx';
import { formatDate, formatDateTime } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { EnabledBadge, humanize, ProviderStatusBadge } from '../../../components/data-list/labels.tsx';
import { merchantDetailPath, transactionDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { merchantRoleLabel, TransactionStatusBadge } from './merchant-labels.tsx';

export type User = MerchantDetail['users'][number];
export type Connection = MerchantDetail['provider_connections'][number];
export type Transaction = NonNullable<MerchantDetail['recent_transactions']>[number];
export type SubMerchant = MerchantDetail['sub_merchants'][number];

type I18n = { t: Translate; locale: Locale };

/** A code named by the catalogue ("payment_service" → "Payment service"), else shown as words. */
function codeLabel(t: Translate, keys: Record<string, string>, code: string): string {
  return Object.hasOwn(keys, code) ? t(keys[code]!) : humanize(code);
}

const KIND_KEY: Record<string, string> = {
  payment_service: 'merchants.kind.paymentService',
  gift_card: 'merchants.kind.giftCard',
  digital_wallet: 'merchants.kind.digitalWallet',
  anti_fraud: 'merchants.kind.antiFraud',
};

const METHOD_KEY: Record<string, string> = {
  card: 'merchants.method.card',
  wallet: 'merchants.method.wallet',
  gift_card: 'merchants.method.giftCard',
};

/** When something last happened, or "Never". */
function lastTimeColumn<Row>(
  key: string,
  header: string,
  time: (row: Row) => string | null,
  { t, locale }: I18n,
): Column<Row> {
  return {
    key,
    header,
    cellClassName: 'text-nowrap',
    cell: (row) => formatDateTime(time(row), t('merchants.users.never'), locale),
  };
}

function UserStatus({ user }: { user: User }) {
  const { t } = usePortalI18n();
  if (!user.is_active) return <Badge bg="secondary">{t('components.disabled')}</Badge>;
  if (user.invitation_pending)
    return (
      <Badge bg="warning" text="dark">
        {t('merchants.users.invitationPending')}
      </Badge>
    );
  return <Badge bg="success">{t('common.hubStatus.active')}</Badge>;
}

export function userColumns(i18n: I18n): Column<User>[] {
  const { t } = i18n;
  return [
    { key: 'name', header: t('merchants.users.name'), cell: (user) => `${user.first_name} ${user.last_name}` },
    { key: 'email', header: t('components.person.email'), cell: (user) => user.email },
    { key: 'role', header: t('merchants.users.role'), cell: (user) => merchantRoleLabel(user.role, t) },
    { key: 'status', header: t('merchants.hubs.status'), cell: (user) => <UserStatus user={user} /> },
    lastTimeColumn('last-sign-in', t('merchants.users.lastSignIn'), (user) => user.last_login_at, i18n),
  ];
}

export function providerColumns(i18n: I18n): Column<Connection>[] {
  const { t } = i18n;
  return [
    {
      key: 'kind',
      header: t('merchants.providers.kind'),
      cell: (connection) => codeLabel(t, KIND_KEY, connection.kind),
    },
    // Provider names are brands ("adyen" → "Adyen"), the same in every language.
    { key: 'provider', header: t('merchants.providers.provider'), cell: (connection) => humanize(connection.provider) },
    {
      key: 'enabled',
      header: t('components.enabled'),
      cell: (connection) => <EnabledBadge enabled={connection.enabled} />,
    },
    {
      key: 'status',
      header: t('merchants.hubs.status'),
      cell: (connection) => <ProviderStatusBadge status={connection.status} />,
    },
    lastTimeColumn(
      'verified',
      t('merchants.providers.lastVerified'),
      (connection) => connection.last_verified_at,
      i18n,
    ),
  ];
}

export function transactionColumns({ t, locale }: I18n): Column<Transaction>[] {
  return [
    {
      key: 'date',
      header: t('merchants.transactions.date'),
      cellClassName: 'text-nowrap',
      cell: (row) => formatDateTime(row.created_at, '—', locale),
    },
    {
      key: 'amount',
      header: t('components.amount.label'),
      align: 'end',
      cellClassName: 'text-nowrap fw-semibold',
      cell: (row) => formatMoney(row.amount, row.currency, locale),
    },
    { key: 'method', header: t('merchants.transactions.method'), cell: (row) => codeLabel(t, METHOD_KEY, row.method) },
    {
      key: 'status',
      header: t('merchants.hubs.status'),
      cell: (row) => <TransactionStatusBadge status={row.status} />,
    },
    {
      key: 'details',
      cellClassName: 'text-end',
      cell: (row) => <Link to={transactionDetailPath(row.id)}>{t('merchants.history.details')}</Link>,
    },
  ];
}

export function subMerchantColumns({ t, locale }: I18n): Column<SubMerchant>[] {
  return [
    {
      key: 'merchant',
      header: t('merchants.column.merchant'),
      cell: (sub) => (
        <div className="merchant-cell">
          <EntityLogo src={sub.logo} name={sub.name} size={28} />
          <Link to={merchantDetailPath(sub.id)}>{sub.name}</Link>
        </div>
      ),
    },
    { key: 'email', header: t('components.person.email'), cell: (sub) => sub.email },
    {
      key: 'hubs',
      header: t('merchants.subMerchants.hubs'),
      cell: (sub) => (
        <div className="hub-badges">
          <HubStatusBadge hub={t('nav.group.paymentHub')} status={sub.payment_hub_status} />
          <HubStatusBadge hub={t('nav.group.financingHub')} status={sub.finance_hub_status} />
        </div>
      ),
    },
    {
      key: 'status',
      header: t('merchants.hubs.status'),
      cell: (sub) =>
        sub.is_blocked ? <Badge bg="danger">{t('merchants.blocked')}</Badge> : t('merchants.subMerchants.open'),
    },
    {
      key: 'created',
      header: t('merchants.column.created'),
      cellClassName: 'text-nowrap',
      cell: (sub) => formatDate(sub.created_at, '—', locale),
    },
  ];
}
