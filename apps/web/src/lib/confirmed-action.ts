// A change the user confirms first (delete, disable …): the server's message, or `done`, is toasted
// on success and its error message on failure (docs/ARCHITECTURE.md: errors reach the user through
// toastApiError).
import { type ConfirmOptions, confirmDialog, showToast, toastApiError } from './toast.ts';

export async function confirmedAction({
  confirm,
  run,
  done,
  failed = 'Something went wrong.',
  then,
}: {
  confirm: ConfirmOptions;
  run: () => Promise<{ message?: string | null }>;
  /** The success toast when the server sends no message. */
  done: string;
  failed?: string;
  /** After success, e.g. reload the list. */
  then?: () => unknown;
}) {
  if (!(await confirmDialog(confirm))) return;
  try {
    const result = await run();
    showToast('success', result.message ?? done);
    await then?.();
  } catch (error) {
    toastApiError(error, failed);
  }
}
