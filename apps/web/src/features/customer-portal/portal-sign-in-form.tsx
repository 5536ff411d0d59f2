// The portal's sign-in: the customer's e-mail address, and a link comes by e-mail. The answer is the
// same whether or not the address is a customer's (the server's message says so).
import { useI18n } from '../../lib/i18n.tsx';
import { checkoutErrorMessage, EmailLinkField, useEmailLinkRequest } from '../checkout/index.ts';
import { askSignInLink } from './portal-api.ts';

export function PortalSignInForm({ merchantId }: { merchantId: string }) {
  const { t } = useI18n();
  const request = useEmailLinkRequest({
    send: (email) => askSignInLink(merchantId, email),
    failed: (e) => checkoutErrorMessage(e, t('customerPortal.signIn.failed')),
  });
  return (
    <section className="card checkout-card" aria-labelledby="portal-sign-in-heading">
      <div className="card-body">
        <h2 id="portal-sign-in-heading" className="h4" data-testid="page-title">
          {t('customerPortal.signIn.title')}
        </h2>
        {request.sent ? (
          <p className="mb-0" role="status" data-testid="portal-link-sent">
            {t('customerPortal.signIn.sent')}
          </p>
        ) : (
          <form onSubmit={request.submit} noValidate>
            <p className="text-body-secondary">{t('customerPortal.signIn.intro')}</p>
            <EmailLinkField
              id="portal-email"
              label={t('customerPortal.signIn.email')}
              request={request}
              spacing="mb-3"
            />
            <button type="submit" className="btn btn-primary w-100" disabled={request.busy || !request.email.trim()}>
              {request.busy ? t('customerPortal.signIn.sending') : t('customerPortal.signIn.submit')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
