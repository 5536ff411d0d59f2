import type { FinancialConnectionView } from '@kassa/contract/financing';
import Badge from 'react-bootstrap/Badge';
import { buttonsColumn } from '../../../components/data-list/actions-column.tsx';
import type { Column } from '../../../components/data-list/data-table.tsx';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { EnabledBadge } from '../../../components/data-list/labels.tsx';
import { EditDeleteLinks } from '../../../components/data-list/row-actions.tsx';

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
  return (
    <div className="d-flex flex-wrap gap-1">
      {industries.slice(0, SHOWN_INDUSTRIES).map((it) => (
        <Badge key={it.id} bg="light" text="dark" className="border">
          {it.name}
        </Badge>
      ))}
      {industries.length > SHOWN_INDUSTRIES && (
        <Badge bg="light" text="secondary" className="border" title={industries.map((it) => it.name).join(', ')}>
          +{industries.length - SHOWN_INDUSTRIES} more
        </Badge>
      )}
    </div>
  );
}

/** The financial connections list's columns. */
export function financialConnectionColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (connection: FinancialConnectionView) => void;
  onDelete: (connection: FinancialConnectionView) => void;
}): Column<FinancialConnectionView>[] {
  return [
    { key: 'partner', header: 'Partner', cell: (connection) => <PartnerCell connection={connection} /> },
    {
      key: 'industries',
      header: 'Industries',
      cell: (connection) => <IndustriesCell industries={connection.industry_types} />,
    },
    {
      key: 'sso',
      header: 'SSO URL',
      cellClassName: 'small font-monospace text-nowrap',
      cell: (connection) => <span title={connection.sso_url}>{hostOfUrl(connection.sso_url)}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (connection) => <EnabledBadge enabled={connection.is_active} labels={['Active', 'Inactive']} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      cellClassName: 'text-nowrap',
      cell: (connection) => formatDate(connection.updated_at),
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
