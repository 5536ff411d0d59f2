// @vitest-environment jsdom
import { COLOR_MODE_STORAGE_KEY } from '@kassa/contract/color-mode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPageTheme } from './theme.ts';

/** A window whose address is `search`, whose system prefers dark or not. */
function pageAt(search: string, systemDark: boolean) {
  window.history.replaceState(null, '', `/pay/fields${search}`);
  const listeners: (() => void)[] = [];
  const query = { matches: systemDark, addEventListener: (_: string, fn: () => void) => listeners.push(fn) };
  vi.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
  return { query, listeners };
}

const theme = () => document.documentElement.getAttribute('data-bs-theme');

describe('the hosted pages’ colour mode', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    document.documentElement.removeAttribute('data-bs-theme');
  });

  it('takes the theme the embedding page passed, whatever the system says', () => {
    pageAt('?channel=x&theme=dark', false);
    expect(applyPageTheme(window)).toBe('dark');
    expect(theme()).toBe('dark');
    pageAt('?theme=light', true);
    expect(applyPageTheme(window)).toBe('light');
  });

  it('else the choice kept on Kassa’s origin, else follows the system as it changes', () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    pageAt('', false);
    expect(applyPageTheme(window)).toBe('dark');
    window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    const { query, listeners } = pageAt('?theme=purple', false);
    expect(applyPageTheme(window)).toBe('light');
    query.matches = true;
    for (const listener of listeners) listener();
    expect(theme()).toBe('dark');
  });
});
