// The buyer page's loading outline, painted before the page's details arrive.

import { useI18n } from '../../../lib/i18n.tsx';
import { SecureFooter } from './checkout-frame.tsx';

/**
 * The page's outline while its details load. apps/web/checkout.html paints the same markup before any
 * JavaScript has run (first paint without waiting for the bundle), so the hand-over to React
 * changes nothing on screen. Keep the two in step.
 */
export function CheckoutSkeleton() {
  const { t } = useI18n();
  const line = (width: string, height?: string) => (
    <span className="skeleton-line" style={{ width, ...(height ? { height } : {}) }} />
  );
  return (
    <div className="checkout-page" data-testid="checkout-skeleton">
      <main className="checkout-container is-wide" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('frame.loading')}
        </p>
        <div className="merchant-header" aria-hidden="true">
          <span className="merchant-logo skeleton-block" />
          <div className="skeleton-lines">
            {line('12rem', '1.25rem')}
            {line('8rem')}
          </div>
        </div>
        <div className="checkout-grid" aria-hidden="true">
          <div className="card checkout-card">
            <div className="card-body skeleton-lines">
              {line('60%', '1.5rem')}
              {line('90%')}
              {line('75%')}
            </div>
          </div>
          <div className="card checkout-card">
            <div className="card-body skeleton-lines">
              {line('30%', '1.25rem')}
              <span className="skeleton-block skeleton-panel" />
            </div>
          </div>
        </div>
      </main>
      <SecureFooter />
    </div>
  );
}
