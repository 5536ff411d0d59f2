// What a buyer sees after the widget reports a transaction (docs/product-rules.md#states-and-transitions "Transaction status (checkout
// result)", docs/product-rules.md#error-messages checkout toasts and texts) and the payment panel's accordion (docs/product-rules.md#checkout-payment-panel, docs/product-rules.md#states-and-transitions). Pure,
// so the checkout pages only render what these functions decide.

export const CHECKOUT_TEXT = {
  success: 'Transaction completed successfully.',
  invalidCard: 'Invalid card details.',
  approvalPending: 'Approval pending from your side.',
  failed: 'Transaction failed. Please try again.',
  cardSuccess: 'Transaction successful.',
  cardFailure: 'Transaction failed.',
  subscribed: 'Subscription started.',
} as const;

export type ToastKind = 'success' | 'error';

export interface CheckoutOutcome {
  isSuccess: boolean;
  toast: { kind: ToastKind; text: string };
  /** Result card heading: "Transaction successful." or "Transaction failed.". */
  cardTitle: string;
  /** Result card status line: "Success" for a capture, otherwise the raw status (docs/product-rules.md#states-and-transitions). */
  cardStatus: string;
  /** capture_succeeded sends the notification (docs/product-rules.md#states-and-transitions); the server sends it at most once. */
  sendNotification: boolean;
  /** A quick payment that failed for any other reason returns the buyer to the products page (docs/product-rules.md#quick-payment-checkout, docs/product-rules.md#states-and-transitions). */
  redirectToProducts: boolean;
}

export type CheckoutKind = 'product' | 'quick_payment' | 'invoice';

/**
 * Maps the status of the widget's completed transaction to what the page shows (docs/product-rules.md#states-and-transitions):
 * capture_succeeded → success toast, notification, card "Success"; authorization_failed → "Invalid
 * card details."; buyer_approval_pending → "Approval pending from your side."; anything else counts
 * as failed → "Transaction failed. Please try again." and, for a quick payment, back to products.
 */
export function checkoutOutcome(status: string, kind: CheckoutKind): CheckoutOutcome {
  // A subscribe (docs/product-rules.md#subscribing-at-checkout) reports the subscription's status; the
  // server sends its own e-mails and events, so the page asks for no notification.
  if (status === 'active' || status === 'trialing') {
    return {
      isSuccess: true,
      toast: { kind: 'success', text: CHECKOUT_TEXT.subscribed },
      cardTitle: CHECKOUT_TEXT.subscribed,
      cardStatus: status === 'active' ? 'Active' : 'Trial',
      sendNotification: false,
      redirectToProducts: false,
    };
  }
  if (status === 'capture_succeeded') {
    return {
      isSuccess: true,
      toast: { kind: 'success', text: CHECKOUT_TEXT.success },
      cardTitle: CHECKOUT_TEXT.cardSuccess,
      cardStatus: 'Success',
      sendNotification: true,
      redirectToProducts: false,
    };
  }
  const failure = {
    isSuccess: false,
    cardTitle: CHECKOUT_TEXT.cardFailure,
    cardStatus: status,
    sendNotification: false,
  };
  if (status === 'authorization_failed') {
    return { ...failure, toast: { kind: 'error', text: CHECKOUT_TEXT.invalidCard }, redirectToProducts: false };
  }
  if (status === 'buyer_approval_pending') {
    return { ...failure, toast: { kind: 'error', text: CHECKOUT_TEXT.approvalPending }, redirectToProducts: false };
  }
  return {
    ...failure,
    toast: { kind: 'error', text: CHECKOUT_TEXT.failed },
    redirectToProducts: kind === 'quick_payment',
  };
}

/** Accordion section ids (docs/product-rules.md#checkout-payment-panel): '1' Non-card Payments, '2' Card Payment. */
export type PaymentSection = '1' | '2';
export type AccordionState = PaymentSection | null;

export const PAYMENT_SECTION = { NON_CARD: '1', CARD: '2' } as const satisfies Record<string, PaymentSection>;

/** docs/product-rules.md#states-and-transitions: toggling the open section closes it; toggling the other one switches to it. */
export function toggleAccordion(state: AccordionState, section: PaymentSection): AccordionState {
  return state === section ? null : section;
}
