import { Outlet } from 'react-router';
import kassaLogo from '../../assets/kassa-logo.svg';
import kassaLogoLight from '../../assets/kassa-logo-light.svg';
import { Icon } from '../../components/icon.tsx';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';

/** The frame of the sign-in pages: brand panel on wide screens, one centred card on phones. */
export default function AuthLayout() {
  const { t } = usePortalI18n();
  return (
    <div className="auth-shell">
      <aside className="auth-brand" aria-hidden="true">
        <img src={kassaLogoLight} alt="" height={36} />
        <div>
          <h2 className="auth-brand-title">{t('app.auth.brandTitle')}</h2>
          <ul className="auth-brand-points">
            <li>
              <Icon name="shield" /> {t('app.auth.pointCardData')}
            </li>
            <li>
              <Icon name="transactions" /> {t('app.auth.pointCheckout')}
            </li>
            <li>
              <Icon name="financial" /> {t('app.auth.pointFinancing')}
            </li>
          </ul>
        </div>
        <p className="auth-brand-foot">© Kassa</p>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <img src={kassaLogo} alt="Kassa" height={32} className="auth-card-logo" />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
