// An embedded session keeps its cookie attributes on every token write and starts over through its
// /embed entry when the session is forced to end (docs/product-rules.md#states-and-transitions, docs/product-rules.md#api-calls, docs/product-rules.md#constants).
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_COOKIE_ATTRIBUTES, EMBED_TABS_KEY, saveTokens } from './auth-cookies.ts';
import { browser, clearSessionAndReload, EMBED_ENTRY_URL_KEY, RELOAD_DELAY_MS } from './browser-session.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('token cookies', () => {
  it('uses the 1-day, Secure, SameSite=None, partitioned cookie while embedded — refreshes included', () => {
    const set = vi.spyOn(Cookies, 'set');
    window.localStorage.setItem(EMBED_TABS_KEY, '["PR"]');
    saveTokens({ access: 'a2', refresh: 'r2' });
    expect(set).toHaveBeenCalledWith('token', 'a2', EMBED_COOKIE_ATTRIBUTES);
    expect(set).toHaveBeenCalledWith('refresh', 'r2', EMBED_COOKIE_ATTRIBUTES);
  });

  it('uses the normal 30-day Lax cookie outside an embed', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveTokens({ access: 'a1', refresh: 'r1' });
    expect(set).toHaveBeenCalledWith('token', 'a1', expect.objectContaining({ expires: 30, sameSite: 'Lax' }));
  });
});

describe('forced end of an embedded session', () => {
  it('goes back through the /embed entry URL instead of reloading the framed page', () => {
    vi.useFakeTimers();
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    window.sessionStorage.setItem(EMBED_ENTRY_URL_KEY, 'http://kassa.test/embed?token=t&merchant_id=m');
    clearSessionAndReload();
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(replace).toHaveBeenCalledWith('http://kassa.test/embed?token=t&merchant_id=m');
    expect(reload).not.toHaveBeenCalled();
  });
});
