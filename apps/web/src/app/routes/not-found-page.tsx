import { Link } from 'react-router';
import { PATHS } from '../../config/paths.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** docs/product-rules.md#layout: the catch-all page shows the text _404. Open in both states, so no back-office layout. */
export default function NotFoundPage() {
  const { t } = usePortalI18n();
  return (
    <main className="status-page">
      <p className="status-code" data-testid="not-found">
        _404
      </p>
      <h1 className="h4">{t('app.notFound.title')}</h1>
      <p className="text-body-secondary">{t('app.notFound.text')}</p>
      <Link to={PATHS.home} className="btn btn-primary">
        {t('app.goToKassa')}
      </Link>
    </main>
  );
}
