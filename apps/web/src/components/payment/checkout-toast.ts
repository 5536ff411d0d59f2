// Checkout toasts (docs/product-rules.md#states-and-transitions, docs/product-rules.md#error-messages) with the docs/product-rules.md#constants defaults: SweetAlert2, 3000 ms, top-end, timer bar —
// the app's toast (lib/toast.ts), loaded on first use. SweetAlert2 is ~20 KB gzip a buyer needs only
// once a payment has an outcome, so it stays out of the checkout pages' initial download; it is
// imported here rather than through lib/toast.ts, which would bring the back office's HTTP client
// (axios, ~22 KB) along (buyer JavaScript budget).
import type { ToastKind } from '@kassa/contract/checkout-status';
import { toastOptions } from '../../lib/toast-options.ts';

export async function showCheckoutToast(kind: ToastKind, text: string): Promise<void> {
  try {
    const { default: Swal } = await import('sweetalert2');
    await Swal.fire({ ...toastOptions(Swal), icon: kind, title: text });
  } catch (error) {
    console.error('Could not show the checkout message.', text, error);
  }
}
