// The payment widget inside a React page (docs/product-rules.md#checkout-payment-panel): mounts @kassa/widget's hosted fields into a
// container, passes the checkout session's embed data, and exposes the widget's submit through the
// enclosing form. Shared by the public checkout pages and the virtual terminal, so it imports no
// back-office code (it lands in the buyer's bundle).

import type { EmbedData } from '@kassa/contract/checkout';
import type { Locale } from '@kassa/contract/i18n/locales';
import { formatMoney } from '@kassa/contract/money';
import {
  mount,
  type OptionalBillingField,
  optionsFromEmbedData,
  type WidgetOptions,
  type WidgetSavedCard,
  type WidgetTransaction,
} from '@kassa/widget';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { currentTheme } from '../../lib/color-mode.ts';
import { defaultI18n, type I18n, useI18n } from '../../lib/i18n.tsx';
import './payment.css';

export type PaymentMethodKind = 'card' | 'non-card';

export interface PaymentWidgetProps {
  method: PaymentMethodKind;
  /** The section's session token (docs/product-rules.md#entities: token_card for card, token for non-card). */
  token: string;
  merchantId: string;
  embed: EmbedData | null;
  /** Awaited by the widget; a failure inside is only logged (docs/product-rules.md#error-messages). */
  onComplete?: (transaction: WidgetTransaction) => unknown;
  /** Shown under the fields, above the pay button (the optional comment block). */
  children?: ReactNode;
  submitLabel?: string;
  /** The buyer's name and e-mail when the page knows them (an invoice, the virtual terminal). */
  buyer?: BuyerDetails | null;
  /** The add-card page: `token` is the link's, and the fields save the card instead of paying. */
  onCardSaved?: (card: WidgetSavedCard) => unknown;
  /** Name and e-mail fields that may stay blank: the virtual terminal's keyed payment. */
  optionalBilling?: readonly OptionalBillingField[];
}

export interface BuyerDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** docs/product-rules.md#checkout-payment-panel widget configuration for one section. */
export function widgetOptions(
  props: Pick<PaymentWidgetProps, 'method' | 'token' | 'merchantId' | 'embed' | 'buyer' | 'optionalBilling'>,
  element: Element,
  form: Element,
  onComplete: (transaction: WidgetTransaction) => unknown,
  onCardSaved?: (card: WidgetSavedCard) => unknown,
  /** The page's language: the fields speak it too (a portal user's profile language, the buyer's browser's). */
  locale?: Locale,
): WidgetOptions {
  if (onCardSaved)
    return {
      element,
      form,
      method: 'card',
      ...optionsFromEmbedData(null, { token: props.token, merchantId: props.merchantId }),
      purpose: 'saveCard',
      theme: currentTheme(),
      ...(locale ? { locale } : {}),
      onCardSaved,
      onError: (error: unknown) => console.error('Payment widget error:', error),
    };
  return {
    element,
    form,
    method: props.method,
    environment: 'production',
    ...optionsFromEmbedData(props.embed, { token: props.token, merchantId: props.merchantId }),
    // Card only: the store flag and the recurring payment source (docs/product-rules.md#checkout-payment-panel).
    // "ask": Kassa's own pages keep a card only when the buyer ticks the box (the session's
    // store option, fixed by the merchant when it minted the token, wins inside the fields).
    ...(props.method === 'card' ? { store: 'ask', paymentSource: 'recurring' } : {}),
    autoSelect: 'first',
    // The hosted fields take this page's colour mode (lib/color-mode.ts) rather than guess from the system.
    theme: currentTheme(),
    ...(locale ? { locale } : {}),
    ...(props.buyer ? { billingDetails: props.buyer } : {}),
    ...(props.optionalBilling ? { optionalBilling: props.optionalBilling } : {}),
    onComplete,
    // docs/product-rules.md#error-messages: widget errors reach the console only; the fields page shows the buyer what to fix.
    onError: (error: unknown) => console.error('Payment widget error:', error),
  };
}

/** The button names what it does and how much: "Pay $49.00". */
export const payLabel = (embed: EmbedData | null, { t, locale }: I18n = defaultI18n) =>
  embed ? t('panel.pay', { amount: formatMoney(embed.amount, embed.currency, locale) }) : t('panel.payPlain');

export function PaymentWidget({ children, submitLabel, ...props }: PaymentWidgetProps) {
  const { method, token, merchantId, embed } = props;
  const i18n = useI18n();
  // Read once per mount: the iframe takes its configuration when it opens.
  const buyerRef = useRef(props.buyer);
  buyerRef.current = props.buyer;
  const optionalRef = useRef(props.optionalBilling);
  optionalRef.current = props.optionalBilling;
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  // The latest handler without remounting the iframe (which would clear what the buyer typed).
  const completeRef = useRef(props.onComplete);
  completeRef.current = props.onComplete;
  const savedRef = useRef(props.onCardSaved);
  savedRef.current = props.onCardSaved;
  const savesCard = Boolean(props.onCardSaved);
  // The page's language (the buyer's browser's, or the back-office user's profile): the fields speak it too.
  const { locale } = i18n;

  useEffect(() => {
    if (!fieldsRef.current || !formRef.current) return;
    try {
      const handle = mount(
        widgetOptions(
          { method, token, merchantId, embed, buyer: buyerRef.current, optionalBilling: optionalRef.current },
          fieldsRef.current,
          formRef.current,
          (transaction) => completeRef.current?.(transaction),
          savesCard ? (card) => savedRef.current?.(card) : undefined,
          locale,
        ),
      );
      return () => handle.destroy();
    } catch (error) {
      // docs/product-rules.md#error-messages: an option error is a programming error on this page; the buyer sees no message.
      console.error('Payment widget options are invalid.', error);
      return undefined;
    }
  }, [method, token, merchantId, embed, savesCard, locale]);

  // The widget listens to the form's submit and pays; this only keeps the browser from navigating.
  const preventNavigation = (event: FormEvent) => event.preventDefault();

  return (
    <form ref={formRef} onSubmit={preventNavigation} className="payment-form" noValidate>
      <div ref={fieldsRef} className="payment-fields" data-testid={`payment-fields-${method}`} />
      {children}
      <button type="submit" className="btn btn-primary w-100 mt-3" data-testid={`payment-submit-${method}`}>
        {submitLabel ?? payLabel(embed, i18n)}
      </button>
    </form>
  );
}
