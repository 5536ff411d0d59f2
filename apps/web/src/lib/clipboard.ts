import { showToast } from './toast.ts';
import { activePortalI18n } from './use-portal-i18n.ts';

/** Copies text and says so; browsers without clipboard access (http, old WebViews) get an error toast. */
export async function copyToClipboard(text: string, what?: string) {
  const { t, locale } = activePortalI18n();
  const thing = what ?? t('common.clipboard.link');
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', t('common.clipboard.copied', { what: thing }));
  } catch {
    // Mid-sentence the thing is lower case, but German nouns keep their capital.
    showToast('error', t('common.clipboard.failed', { what: locale === 'de' ? thing : thing.toLowerCase() }));
  }
}
