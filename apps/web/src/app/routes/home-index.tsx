import { Link, Navigate } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { buildNavigation, landingRoute } from '../../features/navigation/nav-rules.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { navItemLabel } from '../layouts/nav-labels.ts';
import { useNavContext } from '../layouts/use-nav-context.ts';

/**
 * The home index sends each user to their landing page (docs/product-rules.md#side-navigation). Only a user whose landing is home
 * itself (a staff admin with just the industry-type permission, an embedded session whose tabs are
 * all greyed out) sees this overview of what they can open.
 */
export default function HomeIndex() {
  const { t } = usePortalI18n();
  const { ctx, isReady } = useNavContext();
  if (!ctx || !isReady) return <PageSpinner label={t('app.home.preparing')} />;
  const landing = landingRoute(ctx);
  if (landing !== PATHS.home) return <Navigate to={landing} replace />;
  const items = buildNavigation(ctx).flatMap((group) => group.items);
  return (
    <section>
      <PageHeader title={t('app.home.title')} description={t('app.home.description')} />
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="mb-0 text-body-secondary">{t('app.home.nothing')}</p>
        </div>
      ) : (
        <div className="home-grid">
          {items.map((item) =>
            item.disabled ? (
              <div key={item.key} className="home-tile is-disabled" aria-disabled="true">
                <Icon name={item.icon} />
                <span>{navItemLabel(t, item)}</span>
              </div>
            ) : (
              <Link key={item.key} to={item.path} className="home-tile">
                <Icon name={item.icon} />
                <span>{navItemLabel(t, item)}</span>
              </Link>
            ),
          )}
        </div>
      )}
    </section>
  );
}
