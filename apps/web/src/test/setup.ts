// Web test setup (vitest project "web", jsdom): unmount what a test rendered and start the next one
// with no cookies and empty storage, as a fresh browser would.
import { cleanup } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.localStorage.clear();
  window.sessionStorage.clear();
});
