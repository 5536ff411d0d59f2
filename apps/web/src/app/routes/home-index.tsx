import { Link, Navigate } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PATHS } from '../../config/paths.ts';
import { buildNavigation, landingRoute } from '../../features/navigation/nav-rules.ts';
import { useNavContext } from '../layouts/use-nav-context.ts';

/**
 * The home index sends each user to their landing page (docs/product-rules.md#side-navigation). Only a user whose landing is home
 * itself (a staff admin with just the industry-type permission, an embedded session whose tabs are
 * all greyed out) sees this overview of what they can open.
 */
export default function HomeIndex() {
  const { ctx, isReady } = useNavContext();
  if (!ctx || !isReady) return <PageSpinner label="Preparing your workspace…" />;
  const landing = landingRoute(ctx);
  if (landing !== PATHS.home) return <Navigate to={landing} replace />;
  const items = buildNavigation(ctx).flatMap((group) => group.items);
  return (
    <section>
      <PageHeader title="Home" description="Everything you have access to in Kassa." />
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="mb-0 text-body-secondary">
            There is nothing you can open yet. Ask your administrator for access.
          </p>
        </div>
      ) : (
        <div className="home-grid">
          {items.map((item) =>
            item.disabled ? (
              <div key={item.key} className="home-tile is-disabled" aria-disabled="true">
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </div>
            ) : (
              <Link key={item.key} to={item.path} className="home-tile">
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </Link>
            ),
          )}
        </div>
      )}
    </section>
  );
}
