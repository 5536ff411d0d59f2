// spec 4: ending a session clears every cookie and local storage; a forced end also reloads the page
// after 1 s so no screen keeps showing data of a session that is gone.
import Cookies from 'js-cookie';

export const RELOAD_DELAY_MS = 1000;

/** Indirection over the page reload so tests can observe it (jsdom cannot reload). */
export const browser = {
  reload: () => window.location.reload(),
};

export function clearBrowserSession() {
  for (const name of Object.keys(Cookies.get())) {
    Cookies.remove(name, { path: '/' });
    Cookies.remove(name);
  }
  window.localStorage.clear();
}

let reloadTimer: number | null = null;

/** Several failing requests may end the session at once: one reload is scheduled, not one each. */
export function clearSessionAndReload() {
  clearBrowserSession();
  if (reloadTimer !== null) return;
  reloadTimer = window.setTimeout(() => {
    reloadTimer = null;
    browser.reload();
  }, RELOAD_DELAY_MS);
}
