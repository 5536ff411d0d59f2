// Checkout toasts (docs/product-rules.md#states-and-transitions, docs/product-rules.md#error-messages) with the docs/product-rules.md#constants defaults: SweetAlert2, 3000 ms, top-end, timer bar —
// the app's toast (lib/toast.ts), loaded on first use. SweetAlert2 is ~20 KB gzip a buyer needs only
// once a payment has an outcome, so it stays out of the checkout pages' initial download; it is
// imported here rather than through lib/toast.ts, which would bring the back office's HTTP client
// (axios, ~22 KB) along (buyer JavaScript budget).
import { CHECKOUT_TEXT, type CheckoutOutcome, type ToastKind } from '@kassa/contract/checkout-status';
import type { I18n } from '../../lib/i18n.tsx';
import { toastOptions } from '../../lib/toast-options.ts';

/** An outcome's toast in the reader's language: the catalogues' `outcome.*` (buyer and portal alike). */
export function outcomeToastText({ toast }: CheckoutOutcome, t: I18n['t']): string {
  const name = Object.entries(CHECKOUT_TEXT).find(([, english]) => english === toast.text)?.[0];
  return name ? t(`outcome.${name}`) : toast.text;
}

export async function showCheckoutToast(kind: ToastKind, text: string): Promise<void> {
  try {
    const { default: Swal } = await import('sweetalert2');
    await Swal.fire({ ...toastOptions(Swal), icon: kind, title: text });
  } catch (error) {
    console.error('Could not show the checkout message.', text, error);
  }
}
