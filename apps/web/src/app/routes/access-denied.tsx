import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** "Unauthorized": what a page the user may not open shows instead of its content. */
export function AccessDenied({ reason }: { reason?: string }) {
  const { t } = usePortalI18n();
  return (
    <div className="status-page">
      <h1 className="status-code" data-testid="unauthorized">
        {t('app.denied.title')}
      </h1>
      <p className="text-body-secondary" data-testid="unauthorized-reason">
        {reason ?? t('app.denied.reason')}
      </p>
      <Link to={PATHS.home} className="btn btn-primary">
        {t('app.goToKassa')}
      </Link>
    </div>
  );
}
