import type { FinancialConnectionView } from '@kassa/contract/financing';
import type { Translate } from '@kassa/contract/i18n/translate';
import Badge from 'react-bootstrap/Badge';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { EnabledBadge } from '../../../components/data-list/labels.tsx';
import { EditDeleteLinks } from '../../../components/data-list/row-actions.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const SHOWN_INDUSTRIES = 3;

/** The SSO URL's host: the full address is in the cell's title and the edit form. */
const hostOfUrl = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function PartnerCell({ connection }: { connection: FinancialConnectionView }) {
  return (
    <EntityCell src={connection.logo} name={connection.name}>
      <div>
        <div className="fw-semibold" data-testid="fc-row-name">
          {connection.name}
        </div>
        {connection.description && (
          <div className="small text-body-secondary fc-description">{connection.description}</div>
        )}
      </div>
    </EntityCell>
  );
}

/** The first industries as badges, the rest counted (all of them in the count's title). */
function IndustriesCell({ industries }: { industries: FinancialConnectionView['industry_types'] }) {
  const { t } = usePortalI18n();
  return (
    <div className="d-flex flex-wrap gap-1">
      {industries.slice(0, SHOWN_INDUSTRIES).map((it) => (
        <Badge key={it.id} bg="light" text="dark" className="border">
          {it.name}
        </Badge>
      ))}
      {industries.length > SHOWN_INDUSTRIES && (
        <Badge bg="light" text="secondary" className="border" title={industries.map((it) => it.name).join(', ')}>
          {t('financialConnections.more', { count: industries.length - SHOWN_INDUSTRIES })}
        </Badge>
      )}
    </div>
  );
}

/** The financial connections list's columns. */
export function financialConnectionColumns({
  t,
  locale,
  onEdit,
  onDelete,
}: {
  t: Translate;
  locale: string;
  onEdit: (connection: FinancialConnectionView) => void;
  onDelete: (connection: FinancialConnectionView) => void;
}): Column<FinancialConnectionView>[] {
  return [
    {
      key: 'partner',
      header: t('financialConnections.col.partner'),
      cell: (connection) => <PartnerCell connection={connection} />,
    },
    {
      key: 'industries',
      header: t('financialConnections.col.industries'),
      cell: (connection) => <IndustriesCell industries={connection.industry_types} />,
    },
    {
      key: 'sso',
      header: t('financialConnections.col.sso'),
      cellClassName: 'small font-monospace text-nowrap',
      cell: (connection) => <span title={connection.sso_url}>{hostOfUrl(connection.sso_url)}</span>,
    },
    {
      key: 'status',
      header: t('financialConnections.col.status'),
      cell: (connection) => (
        <EnabledBadge
          enabled={connection.is_active}
          labels={[t('financialConnections.active'), t('financialConnections.inactive')]}
        />
      ),
    },
    {
      key: 'updated',
      header: t('financialConnections.col.updated'),
      cellClassName: 'text-nowrap',
      cell: (connection) => formatDate(connection.updated_at, '—', locale),
    },
    buttonsColumn((connection) => (
      <EditDeleteLinks
        onEdit={() => onEdit(connection)}
        onDelete={() => void onDelete(connection)}
        editTestId="fc-edit"
        deleteTestId="fc-delete"
      />
    )),
  ];
}
