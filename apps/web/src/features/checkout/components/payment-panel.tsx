// docs/product-rules.md#checkout-payment-panel: the payment panel — an accordion with one section per payment kind, at most one open
// (docs/product-rules.md#states-and-transitions: toggling the open section closes it, toggling the other switches), a radio mark showing
// which. Section '2' Card Payment needs embed_data_card; section '1' Non-card Payments needs embed_data.

import type { CheckoutTokenData, EmbedData } from '@kassa/contract/checkout';
import {
  type AccordionState,
  PAYMENT_SECTION,
  type PaymentSection,
  toggleAccordion,
} from '@kassa/contract/checkout-status';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { WidgetTransaction } from '@kassa/widget';
import { lazy, Suspense, useState } from 'react';
import {
  type BuyerDetails,
  type PaymentMethodKind,
  PaymentWidget,
} from '../../../components/payment/payment-widget.tsx';
import { defaultI18n, useI18n } from '../../../lib/i18n.tsx';
import { useSavedCardBinding } from '../use-saved-card-binding.ts';
import { SavedCardSignIn } from './saved-card-sign-in.tsx';

// DOMPurify (~11 KB gzip) is only downloaded for a checkout that has a comment (outside this folder, so
// the checkout chunk group does not pull it in).
const RichText = lazy(() => import('../../../components/payment/rich-text.tsx').then((m) => ({ default: m.RichText })));

interface SectionSpec {
  id: PaymentSection;
  title: string;
  method: PaymentMethodKind;
  token: string | null;
  embed: EmbedData | null;
}

export function paymentSections(session: CheckoutTokenData, t: Translate = defaultI18n.t): SectionSpec[] {
  const sections: SectionSpec[] = [
    {
      id: PAYMENT_SECTION.CARD,
      title: t('panel.card'),
      method: 'card',
      token: session.token_card,
      embed: session.embed_data_card,
    },
    {
      id: PAYMENT_SECTION.NON_CARD,
      title: t('panel.nonCard'),
      method: 'non-card',
      token: session.token,
      embed: session.embed_data,
    },
  ];
  return sections.filter((s) => s.embed && s.token);
}

export function PaymentPanel({
  session,
  onComplete,
  buyer,
}: {
  session: CheckoutTokenData;
  onComplete: (transaction: WidgetTransaction) => unknown;
  buyer?: BuyerDetails | null;
}) {
  const { t } = useI18n();
  const sections = paymentSections(session, t);
  // docs/product-rules.md#saved-cards-on-a-public-checkout: the card fields wait for the signed-in
  // buyer's binding (one request, only with the portal's hint), so they open once, with the saved cards.
  const binding = useSavedCardBinding(session);
  // The first available section starts open so the buyer sees the fields at once.
  const [open, setOpen] = useState<AccordionState>(sections[0]?.id ?? null);
  if (sections.length === 0) {
    return <p className="alert alert-warning mb-0">{t('panel.noPayments')}</p>;
  }
  return (
    <>
      {session.test_mode && <TestModeMarker />}
      <div className="payment-accordion" data-testid="payment-panel">
        {sections.map((section) => {
          const isOpen = open === section.id;
          const bodyId = `payment-section-${section.id}`;
          return (
            <section key={section.id} className={`payment-section${isOpen ? ' is-open' : ''}`}>
              <h2 className="payment-section-header">
                <button
                  type="button"
                  className="payment-section-toggle"
                  aria-expanded={isOpen}
                  aria-controls={bodyId}
                  onClick={() => setOpen((state) => toggleAccordion(state, section.id))}
                  data-testid={`payment-section-toggle-${section.id}`}
                >
                  {/* The open state is announced by aria-expanded; the mark only shows it. */}
                  <span
                    className={`radio-mark${isOpen ? ' is-checked' : ''}`}
                    aria-hidden="true"
                    data-checked={isOpen}
                    data-testid={`payment-section-radio-${section.id}`}
                  />
                  <span>{section.title}</span>
                </button>
              </h2>
              {isOpen && section.token && (
                <div id={bodyId} className="payment-section-body" data-testid={bodyId}>
                  {section.method === 'card' && <SavedCardSignIn binding={binding} merchantId={session.merchant_id} />}
                  {section.method === 'card' && binding.state === 'checking' ? null : (
                    <PaymentWidget
                      method={section.method}
                      token={section.method === 'card' && binding.state === 'bound' ? binding.token : section.token}
                      merchantId={session.merchant_id}
                      embed={section.embed}
                      onComplete={onComplete}
                      buyer={section.method === 'card' && binding.state === 'bound' ? (buyer ?? binding.buyer) : buyer}
                    >
                      {session.comment && (
                        <Suspense fallback={null}>
                          <RichText html={session.comment} className="checkout-comment" testId="checkout-comment" />
                        </Suspense>
                      )}
                    </PaymentWidget>
                  )}
                </div>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

/** As on a processor's test checkout: the buyer knows no real money moves and a test card will do. */
function TestModeMarker() {
  const { t } = useI18n();
  return (
    <p className="checkout-test-mode" data-testid="test-mode-marker">
      <span className="badge">{t('panel.testModeBadge')}</span> {t('panel.testModeText')}
    </p>
  );
}
