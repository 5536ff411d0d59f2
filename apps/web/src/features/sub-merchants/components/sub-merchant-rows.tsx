import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { EntityCell } from '../../../components/data-list/entity-logo.tsx';
import { formatDate } from '../../../components/data-list/format.ts';
import { HubStatusBadge } from '../../../components/data-list/hub-status-badge.tsx';
import { ListError } from '../../../components/data-list/list-states.tsx';
import { merchantDetailPath } from '../../../config/paths.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { useSubMerchants } from '../api/sub-merchants-api.ts';
import '../sub-merchants.css';

/** The sub-merchants of one opened master, in a nested table. */
export function SubMerchantRows({ masterId }: { masterId: string }) {
  const { t, locale } = usePortalI18n();
  const { data, error, isLoading, mutate } = useSubMerchants(masterId);
  if (error && !data) return <ListError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data) {
    return (
      <div className="p-3 text-body-secondary small" role="status">
        <Spinner animation="border" size="sm" className="me-2" />
        {t('subMerchants.loading')}
      </div>
    );
  }
  const rows = data.results ?? [];
  if (rows.length === 0) return <p className="p-3 mb-0 text-body-secondary small">{t('subMerchants.none')}</p>;
  return (
    <table className="table table-sm mb-0 sub-merchant-table" data-testid={`sub-merchants-of-${masterId}`}>
      <tbody>
        {rows.map((sub) => (
          <tr key={sub.id} data-testid="sub-merchant-row">
            <td>
              <EntityCell src={sub.logo} name={sub.name} size={28}>
                <Link to={merchantDetailPath(sub.id)}>{sub.name}</Link>
              </EntityCell>
            </td>
            <td>{sub.email}</td>
            <td>
              <div className="d-flex flex-wrap gap-1">
                <HubStatusBadge hub={t('nav.group.paymentHub')} status={sub.payment_hub_status} />
                <HubStatusBadge hub={t('nav.group.financingHub')} status={sub.finance_hub_status} />
              </div>
            </td>
            <td>{sub.is_blocked && <Badge bg="danger">{t('subMerchants.blocked')}</Badge>}</td>
            <td className="text-nowrap text-body-secondary">{formatDate(sub.created_at, '—', locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
