// docs/product-rules.md#states-and-transitions: ending a session clears every cookie and local storage; a forced end also reloads the page
// after 1 s so no screen keeps showing data of a session that is gone.
import Cookies from 'js-cookie';

export const RELOAD_DELAY_MS = 1000;

/** Indirection over the page reload so tests can observe it (jsdom cannot reload). */
export const browser = {
  reload: () => window.location.reload(),
  replace: (url: string) => window.location.replace(url),
};

/** Where an embedded session entered (features/embed keeps it in sessionStorage). */
export const EMBED_ENTRY_URL_KEY = 'kassa.embed.entryUrl';

function embedEntryUrl(): string | null {
  try {
    return window.sessionStorage.getItem(EMBED_ENTRY_URL_KEY);
  } catch {
    return null;
  }
}

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
  // Inside a parent site only the /embed document may be framed (frame-ancestors), so an embedded
  // session starts over through its entry URL instead of reloading the current page.
  const entry = embedEntryUrl();
  reloadTimer = window.setTimeout(() => {
    reloadTimer = null;
    if (entry) browser.replace(entry);
    else browser.reload();
  }, RELOAD_DELAY_MS);
}
