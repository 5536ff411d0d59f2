import Spinner from 'react-bootstrap/Spinner';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';

export function PageSpinner({ label }: { label?: string }) {
  const { t } = usePortalI18n();
  return (
    <div className="page-spinner" role="status">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{label ?? t('components.loading')}</span>
    </div>
  );
}
