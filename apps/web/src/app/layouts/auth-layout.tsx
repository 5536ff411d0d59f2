import { Outlet } from 'react-router';
import kassaLogo from '../../assets/kassa-logo.svg';
import kassaLogoLight from '../../assets/kassa-logo-light.svg';
import { Icon } from '../../components/icon.tsx';

/** The frame of the sign-in pages: brand panel on wide screens, one centred card on phones. */
export default function AuthLayout() {
  return (
    <div className="auth-shell">
      <aside className="auth-brand" aria-hidden="true">
        <img src={kassaLogoLight} alt="" height={36} />
        <div>
          <h2 className="auth-brand-title">Payments and financing, in one place.</h2>
          <ul className="auth-brand-points">
            <li>
              <Icon name="shield" /> Card data never touches your systems
            </li>
            <li>
              <Icon name="transactions" /> Checkout links, invoices and a virtual terminal
            </li>
            <li>
              <Icon name="financial" /> Financing partners one click away
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
