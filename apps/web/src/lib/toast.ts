// docs/product-rules.md#constants: toasts are SweetAlert2 toasts, 3000 ms, top-end, with a timer bar; confirm dialogs default
// to "Yes, cancel it!" / "No, return". docs/ARCHITECTURE.md: an API error's message reaches the user through
// toastApiError, with a fallback when the server sent none.
import Swal, { type SweetAlertIcon } from 'sweetalert2';
import { apiErrorMessage } from './api-client.ts';
import { toastOptions } from './toast-options.ts';
import { activePortalI18n } from './use-portal-i18n.ts';

export const Toast = Swal.mixin(toastOptions(Swal));

export function showToast(icon: SweetAlertIcon, title: string) {
  return Toast.fire({ icon, title });
}

export function toastApiError(error: unknown, fallback: string) {
  return showToast('error', apiErrorMessage(error, fallback));
}

export interface ConfirmOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

/** Resolves true when the user confirms. */
export async function confirmDialog({
  title,
  text,
  icon = 'warning',
  confirmButtonText = activePortalI18n().t('common.confirm.yes'),
  cancelButtonText = activePortalI18n().t('common.confirm.no'),
}: ConfirmOptions): Promise<boolean> {
  const answer = await Swal.fire({
    title,
    text,
    icon,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    reverseButtons: true,
    focusCancel: true,
    customClass: { confirmButton: 'btn btn-danger ms-2', cancelButton: 'btn btn-outline-secondary' },
    buttonsStyling: false,
  });
  return answer.isConfirmed;
}
