// A change made from a list row, confirmed first when `confirm` is given (delete, disable …): the
// server's message, or `done`, is toasted on success and its error message on failure
// (docs/ARCHITECTURE.md: errors reach the user through toastApiError; docs/product-rules.md#error-messages).

import { apiSuccessMessage } from './api-client.ts';
import { type ConfirmOptions, confirmDialog, showToast, toastApiError } from './toast.ts';
import { activePortalI18n } from './use-portal-i18n.ts';

export async function confirmedAction({
  confirm,
  run,
  done,
  failed = activePortalI18n().t('common.somethingWrong'),
  after,
}: {
  confirm?: ConfirmOptions;
  run: () => Promise<{ message?: string | null }>;
  /** The success toast when the server sends no message. */
  done: string;
  failed?: string;
  /** After success, e.g. reload the list. */
  after?: () => unknown;
}) {
  if (confirm && !(await confirmDialog(confirm))) return;
  try {
    const result = await run();
    showToast('success', apiSuccessMessage(result.message, done));
    await after?.();
  } catch (error) {
    toastApiError(error, failed);
  }
}

/** The question before deleting `name`: "Delete <name>?", what follows from it, and "No, keep it". */
export const confirmDelete = (
  name: string,
  text: string,
  confirmButtonText = activePortalI18n().t('common.delete.confirm'),
): ConfirmOptions => ({
  title: activePortalI18n().t('common.delete.title', { name }),
  text,
  confirmButtonText,
  cancelButtonText: activePortalI18n().t('common.delete.keep'),
});
