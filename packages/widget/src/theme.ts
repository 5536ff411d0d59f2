// The hosted pages' colour mode (the card fields, the approval popup): the theme the embedding page
// passed (the widget's `theme` option, sent as ?theme=), else the person's choice kept on Kassa's
// origin (the portal's switch), else the system's prefers-color-scheme, followed while it changes.
// Sets data-bs-theme on <html>; the pages' stylesheets hold both palettes.
import { COLOR_MODE_STORAGE_KEY, type ColorTheme, isColorTheme } from '@kassa/contract/color-mode';

function storedTheme(win: Window): ColorTheme | null {
  try {
    const stored = win.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorTheme(stored) ? stored : null;
  } catch {
    // A third-party frame may have no storage: the system decides.
    return null;
  }
}

export function applyPageTheme(win: Window): ColorTheme {
  const passed = new URLSearchParams(win.location.search).get('theme');
  const chosen = isColorTheme(passed) ? passed : storedTheme(win);
  const system = typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
  const themeNow = (): ColorTheme => chosen ?? (system?.matches ? 'dark' : 'light');
  const paint = () => win.document.documentElement.setAttribute('data-bs-theme', themeNow());
  paint();
  if (!chosen) system?.addEventListener('change', paint);
  return themeNow();
}
