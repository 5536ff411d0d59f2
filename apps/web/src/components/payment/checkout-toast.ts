// Checkout toasts (spec 4, 8) through the app's one toast helper (spec 9 defaults), loaded on first
// use: SweetAlert2 is ~20 KB gzip that a buyer only needs once a payment has an outcome, so it stays
// out of the checkout pages' initial download (issue 6: buyer JavaScript budget).
import type { ToastKind } from '@kassa/contract/checkout-status';

export async function showCheckoutToast(kind: ToastKind, text: string): Promise<void> {
  try {
    const { showToast } = await import('../../lib/toast.ts');
    await showToast(kind, text);
  } catch (error) {
    console.error('Could not show the checkout message.', text, error);
  }
}
