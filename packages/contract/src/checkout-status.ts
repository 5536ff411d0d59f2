// What a buyer sees after the widget reports a transaction (spec 4 "Transaction status (checkout
// result)", spec 8 checkout toasts and texts) and the payment panel's accordion (spec 2.8, 4). Pure,
// so the checkout pages only render what these functions decide.

export const CHECKOUT_TEXT = {
  success: 'Transaction completed successfully.',
  invalidCard: 'Invalid card details.',
  approvalPending: 'Approval pending from your side.',
  failed: 'Transaction failed. Please try again.',
  cardSuccess: 'Transaction successful.',
  cardFailure: 'Transaction failed.',
} as const;

export type ToastKind = 'success' | 'error';

export interface CheckoutOutcome {
  isSuccess: boolean;
  toast: { kind: ToastKind; text: string };
  /** Result card heading: "Transaction successful." or "Transaction failed.". */
  cardTitle: string;
  /** Result card status line: "Success" for a capture, otherwise the raw status (spec 4). */
  cardStatus: string;
  /** capture_succeeded sends the notification (spec 4); the server sends it at most once. */
  sendNotification: boolean;
  /** A quick payment that failed for any other reason returns the buyer to the products page (spec 2.6, 4). */
  redirectToProducts: boolean;
}

export type CheckoutKind = 'product' | 'quick_payment' | 'invoice';

/**
 * Maps the status of the widget's completed transaction to what the page shows (spec 4):
 * capture_succeeded → success toast, notification, card "Success"; authorization_failed → "Invalid
 * card details."; buyer_approval_pending → "Approval pending from your side."; anything else counts
 * as failed → "Transaction failed. Please try again." and, for a quick payment, back to products.
 */
export function checkoutOutcome(status: string, kind: CheckoutKind): CheckoutOutcome {
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

/** Accordion section ids (spec 2.8): '1' Non-card Payments, '2' Card Payment. */
export type PaymentSection = '1' | '2';
export type AccordionState = PaymentSection | null;

export const PAYMENT_SECTION = { NON_CARD: '1', CARD: '2' } as const satisfies Record<string, PaymentSection>;

/** Spec 4: toggling the open section closes it; toggling the other one switches to it. */
export function toggleAccordion(state: AccordionState, section: PaymentSection): AccordionState {
  return state === section ? null : section;
}
