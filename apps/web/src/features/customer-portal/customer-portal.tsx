// The customer portal of one merchant (docs/product-rules.md#customer-portal), on the merchant's
// name and logo: the signed-in customer's subscriptions, invoices, receipts and cards, or — without a
// session for this merchant — the form that e-mails a sign-in link.
import type { PortalBrand, PortalMe } from '@kassa/contract/customer-portal';
import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import {
  CheckoutFrame,
  CheckoutSkeleton,
  CheckoutUnavailable,
  checkoutErrorMessage,
  MerchantLogo,
} from '../checkout/index.ts';
import { portalBrand, portalMe, signOut } from './portal-api.ts';
import { PortalCards } from './portal-cards.tsx';
import { PortalInvoices, PortalReceipts } from './portal-documents.tsx';
import { PortalSignInForm } from './portal-sign-in-form.tsx';
import { PortalSubscriptions } from './portal-subscriptions.tsx';
import './customer-portal.css';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-in'; me: PortalMe }
  | { kind: 'signed-out'; brand: PortalBrand; notice?: string }
  | { kind: 'failed'; error: unknown };

export function PortalHeader({ brand, children }: { brand: PortalBrand; children?: React.ReactNode }) {
  return (
    <header className="merchant-header" data-testid="merchant-header">
      <MerchantLogo name={brand.merchant_name} logo={brand.merchant_logo} />
      <div className="min-w-0">
        <h1 className="merchant-name" data-testid="merchant-name">
          {brand.merchant_name}
        </h1>
      </div>
      {children}
    </header>
  );
}

export function CustomerPortal({ merchantId }: { merchantId: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    const showSignIn = (notice?: string) =>
      portalBrand(merchantId).then(
        (brand) => current && setState({ kind: 'signed-out', brand, notice }),
        (error: unknown) => current && setState({ kind: 'failed', error }),
      );
    // A session of another merchant's portal is not this one's: that customer signs in here anew.
    portalMe().then(
      (me) => current && (me.merchant_id === merchantId ? setState({ kind: 'signed-in', me }) : showSignIn()),
      () => showSignIn(),
    );
    return () => {
      current = false;
    };
  }, [merchantId]);

  if (state.kind === 'loading') return <CheckoutSkeleton />;
  if (state.kind === 'failed') {
    return (
      <CheckoutUnavailable
        title={t('customerPortal.unavailable')}
        message={checkoutErrorMessage(state.error, t('customerPortal.unavailableFallback'))}
      />
    );
  }
  if (state.kind === 'signed-out') {
    return (
      <CheckoutFrame wide={false}>
        <PortalHeader brand={state.brand} />
        {state.notice && (
          <p className="text-body-secondary" role="status">
            {state.notice}
          </p>
        )}
        <PortalSignInForm merchantId={merchantId} />
      </CheckoutFrame>
    );
  }
  const { me } = state;
  const leave = async () => {
    await signOut().catch(() => undefined);
    setState({ kind: 'signed-out', brand: me, notice: t('customerPortal.signedOut') });
  };
  return (
    <CheckoutFrame wide={false}>
      <PortalHeader brand={me}>
        <button
          type="button"
          className="btn btn-outline-secondary ms-auto"
          onClick={leave}
          data-testid="portal-sign-out"
        >
          {t('customerPortal.signOut')}
        </button>
      </PortalHeader>
      <p className="h5 mb-0" data-testid="portal-customer">
        {t('customerPortal.hello', { name: me.customer_name })}
      </p>
      <PortalSubscriptions mayCancel={me.may_cancel} />
      <PortalInvoices />
      <PortalReceipts />
      <PortalCards />
    </CheckoutFrame>
  );
}
