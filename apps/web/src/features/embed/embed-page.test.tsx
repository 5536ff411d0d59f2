import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router.tsx';
import { EMBED_COOKIE_ATTRIBUTES, EMBED_TABS_KEY } from '../../lib/auth-cookies.ts';
import { bodyOf, fail, type MockReply, mockApi, ok, routeOf } from '../../test/mock-api.ts';
import { makeMerchant, makeUser, renderWithProviders } from '../../test/render-app.tsx';
import { EMBED_ENTRY_URL_KEY, parentOrigin } from './embed-login.ts';
import { EMBED_LOAD_WARNING_MS } from './embed-page.tsx';

const MERCHANT = '3f2e1d0c-0000-4000-8000-000000000001';
const owner = makeUser({ id: 'u-owner', role: 2, merchant: makeMerchant({ id: MERCHANT }) });
const access = [{ app_key: 3, app: 'Products', access: [1, 2, 3, 4] }];
let tokenSeq = 0;
/** A new token per test: the login runs once per page load and link. */
const embedPath = () => `/embed?token=emb_test_${++tokenSeq}&merchant_id=${MERCHANT}`;

function api(callback: () => MockReply | Promise<MockReply>) {
  return mockApi((config) => {
    const route = routeOf(config);
    if (route === 'POST /auth/embed-callback/') return callback();
    if (route === 'GET /auth/profile/') return ok(owner);
    if (route === 'GET /auth/access/u-owner/') return ok(access);
    if (route.startsWith('GET /product/')) return ok({ count: 0, page: 1, page_size: 20, results: [] });
    return fail(404, 'not_found', `No mock for ${route}`);
  });
}

const session = (over = {}) =>
  ok({ access: 'embed-access', refresh: 'embed-refresh', allowed_segments: 'PR,INV', ...over });

const renderEmbed = (path: string) =>
  renderWithProviders(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
    path,
  );

beforeEach(() => {
  Object.defineProperty(document, 'referrer', { value: 'https://shop.example.com/portal?x=1', configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Embed entry page (docs/product-rules.md#embed-entry, docs/product-rules.md#states-and-transitions)', () => {
  it('posts the callback once under StrictMode, stores tokens and segments, and lands on the first allowed tab', async () => {
    const set = vi.spyOn(Cookies, 'set');
    const calls = api(() => session());
    const path = embedPath();
    const { store } = renderEmbed(path);
    expect(await screen.findByText('Please wait while we set up your session...')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products'));

    const callbacks = calls.filter((c) => routeOf(c) === 'POST /auth/embed-callback/');
    expect(callbacks).toHaveLength(1);
    expect(bodyOf(callbacks[0]!)).toEqual({
      token: `emb_test_${tokenSeq}`,
      merchant_id: MERCHANT,
      domain: 'https://shop.example.com',
    });
    expect(callbacks[0]!.headers.get('Authorization')).toBeFalsy();

    // docs/product-rules.md#api-calls, docs/product-rules.md#constants: the access cookie lives 1 day, Secure, SameSite None (and Partitioned, for browsers
    // that block third-party cookies).
    expect(EMBED_COOKIE_ATTRIBUTES).toEqual({
      expires: 1,
      path: '/',
      secure: true,
      sameSite: 'None',
      partitioned: true,
    });
    expect(set).toHaveBeenCalledWith('token', 'embed-access', EMBED_COOKIE_ATTRIBUTES);
    expect(set).toHaveBeenCalledWith('refresh', 'embed-refresh', EMBED_COOKIE_ATTRIBUTES);
    expect(Cookies.get('token')).toBe('embed-access');

    expect(JSON.parse(window.localStorage.getItem(EMBED_TABS_KEY) ?? 'null')).toEqual(['PR', 'INV']);
    expect(store.getState().embedSession.allowedTabs).toEqual(['PR', 'INV']);
    expect(store.getState().auth.isAuth).toBe(true);
    expect(window.sessionStorage.getItem(EMBED_ENTRY_URL_KEY)).toBeTruthy();
    // The profile was fetched with the new token.
    const profile = calls.find((c) => routeOf(c) === 'GET /auth/profile/')!;
    expect(profile.headers.get('Authorization')).toBe('Bearer embed-access');
  });

  it('fails with "Access token not found in response." when the callback returns none', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(() => session({ access: '' }));
    renderEmbed(embedPath());
    expect((await screen.findByTestId('embed-error')).textContent).toBe('Access token not found in response.');
    expect(Cookies.get('token')).toBeUndefined();
    expect(window.localStorage.getItem(EMBED_TABS_KEY)).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('shows the server refusal (wrong domain or token)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(() => fail(403, 'forbidden', 'evil.example is not an allowed domain for this merchant’s embedded portal.'));
    renderEmbed(embedPath());
    expect((await screen.findByTestId('embed-error')).textContent).toContain('evil.example is not an allowed domain');
    expect(screen.getByTestId('location').textContent).toBe('/embed');
  });

  it('needs both token and merchant_id, and then calls nothing', async () => {
    const calls = api(() => session());
    renderEmbed(`/embed?merchant_id=${MERCHANT}`);
    expect((await screen.findByTestId('embed-error')).textContent).toContain('needs a token and a merchant_id');
    expect(calls).toHaveLength(0);
  });

  it('warns when the portal has not loaded after 3000 ms', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let answer: (reply: MockReply) => void = () => undefined;
    api(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    renderEmbed(embedPath());
    await screen.findByTestId('embed-wait');
    expect(screen.queryByTestId('embed-slow')).toBeNull();
    expect(await screen.findByTestId('embed-slow', {}, { timeout: EMBED_LOAD_WARNING_MS + 2000 })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    answer(session());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products'));
  });

  it('takes the parent origin from the referrer, else from the frame ancestors', () => {
    expect(parentOrigin('https://shop.example.com/a/b?c=d', undefined)).toBe('https://shop.example.com');
    expect(parentOrigin('', ['http://localhost:8082'])).toBe('http://localhost:8082');
    expect(parentOrigin('', undefined)).toBe('');
  });
});
