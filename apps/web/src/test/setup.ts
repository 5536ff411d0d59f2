// Web test setup (vitest project "web", jsdom): unmount what a test rendered and start the next one
// with no cookies and empty storage, as a fresh browser would.
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';
import { takeWireMismatches } from './mock-api.ts';

// Lazy routes are compiled on first use in tests; on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; SweetAlert2 and the mobile-layout hook ask it. Answer "desktop".
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  const mismatches = takeWireMismatches();
  if (mismatches.length > 0) throw new Error(`Replies the API would never send:\n${mismatches.join('\n')}`);
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.localStorage.clear();
  window.sessionStorage.clear();
});
