// Applies the person's colour mode (packages/contract/src/color-mode.ts) to <html data-bs-theme>, and
// keeps following the system while the mode is "system". Run before the first render of both entries
// (main.tsx, checkout-main.tsx): the CSP allows no inline script, so this is the earliest point.
import {
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  type ColorTheme,
  isColorMode,
  themeOf,
} from '@kassa/contract/color-mode';
import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

const systemQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null);

export function storedColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : 'system';
  } catch {
    // Storage blocked (a private window, a sandboxed frame): the system decides.
    return 'system';
  }
}

export const currentTheme = (): ColorTheme => themeOf(storedColorMode(), systemQuery()?.matches ?? false);

function paint() {
  document.documentElement.setAttribute('data-bs-theme', currentTheme());
  for (const listener of listeners) listener();
}

let following = false;
/** Sets data-bs-theme now and whenever the system's setting changes. */
export function startColorMode() {
  paint();
  if (following) return;
  following = true;
  systemQuery()?.addEventListener('change', paint);
  // Another tab changed the choice: this one follows.
  window.addEventListener('storage', (event) => {
    if (event.key === COLOR_MODE_STORAGE_KEY) paint();
  });
}

export function setColorMode(mode: ColorMode) {
  try {
    if (mode === 'system') window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Not kept: the choice lasts for this page only.
  }
  paint();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored mode and the theme shown, re-rendering when either changes. */
export function useColorMode() {
  const mode = useSyncExternalStore(subscribe, storedColorMode);
  const theme = useSyncExternalStore(subscribe, currentTheme);
  return { mode, theme, setMode: setColorMode };
}
