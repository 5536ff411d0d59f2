import { showToast } from './toast.ts';

/** Copies text and says so; browsers without clipboard access (http, old WebViews) get an error toast. */
export async function copyToClipboard(text: string, what = 'Link') {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', `${what} copied to the clipboard.`);
  } catch {
    showToast('error', `Could not copy the ${what.toLowerCase()}. Select it and copy it by hand.`);
  }
}
