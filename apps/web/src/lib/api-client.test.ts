import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, type MockHandler, mockApi, ok, routeOf } from '../test/mock-api.ts';
import { API_BASE_URL, apiClient, apiGet, apiPost, onTokensChanged, REQUEST_TIMEOUT_MS } from './api-client.ts';
import { browser } from './browser-session.ts';

// The client's own behaviour, on made-up routes and replies: not checked against the API's routes.
const mockClient = (handler: MockHandler) => mockApi(handler, { anyRoute: true });

const bearer = (config: { headers: { get: (name: string) => unknown } }) => config.headers.get('Authorization');

describe('api client basics (docs/product-rules.md#api-calls, docs/product-rules.md#constants)', () => {
  it('talks to /apiv1 with a 30 s timeout', () => {
    expect(API_BASE_URL).toBe('/apiv1');
    expect(apiClient.defaults.baseURL).toBe('/apiv1');
    expect(apiClient.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('sends the token cookie as a bearer header, except to embed-callback', async () => {
    Cookies.set('token', 'tok-1');
    const calls = mockClient(() => ok({}));
    await apiGet('/auth/profile/');
    await apiPost('/auth/embed-callback/', { token: 't', merchant_id: 'm' });
    expect(bearer(calls[0]!)).toBe('Bearer tok-1');
    expect(bearer(calls[1]!)).toBeFalsy();
  });

  it('sends no authorization header without a token', async () => {
    const calls = mockClient(() => ok({}));
    await apiGet('/health/');
    expect(bearer(calls[0]!)).toBeFalsy();
  });

  it('replaces the token cookie with a token found in a response (result.access or data.token)', async () => {
    Cookies.set('token', 'old');
    const seen: string[] = [];
    const stop = onTokensChanged((t) => seen.push(t.access));
    mockClient((config) =>
      config.url === '/a/'
        ? ok({ access: 'from-result' })
        : { status: 200, data: { status: 'success', token: 'from-data' } },
    );
    await apiGet('/a/');
    expect(Cookies.get('token')).toBe('from-result');
    await apiGet('/b/');
    expect(Cookies.get('token')).toBe('from-data');
    expect(seen).toEqual(['from-result', 'from-data']);
    stop();
  });

  it('rejects with the server response body', async () => {
    mockClient(() => fail(422, 'business_rule', 'Invoice already paid'));
    await expect(apiPost('/invoice/x/')).rejects.toEqual({
      status: 'error',
      code: 'business_rule',
      message: 'Invoice already paid',
    });
  });

  it('rejects a 401 without a session as is (a wrong password is not an expired session)', async () => {
    const calls = mockClient(() => fail(401, 'unauthorized', 'Wrong e-mail or password'));
    await expect(apiPost('/auth/login/', {})).rejects.toMatchObject({ message: 'Wrong e-mail or password' });
    expect(calls.map(routeOf)).toEqual(['POST /auth/login/']);
  });
});

describe('401 refresh queue (docs/product-rules.md#states-and-transitions)', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    Cookies.set('token', 'expired');
    Cookies.set('refresh', 'refresh-1');
    window.localStorage.setItem('something', 'kept until the session ends');
  });
  afterEach(() => {
    vi.useRealTimers();
    reload.mockRestore();
  });

  it('several requests fail at once → exactly one refresh → all replayed with the new token', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = mockClient(async (config) => {
      if (config.url === '/auth/token/refresh/') {
        await refreshGate;
        return ok({ access: 'fresh', refresh: 'refresh-2' });
      }
      return bearer(config) === 'Bearer fresh' ? ok({ path: config.url }) : fail(401, 'unauthorized', 'Token expired');
    });

    const pending = Promise.all([apiGet('/one/'), apiGet('/two/'), apiPost('/three/', { n: 3 })]);
    // Let every first attempt fail before the refresh answers: they must all wait for the same one.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/auth/token/refresh/')).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(results.map((r) => r.result)).toEqual([{ path: '/one/' }, { path: '/two/' }, { path: '/three/' }]);
    const refreshes = calls.filter((c) => c.url === '/auth/token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(bodyOf(refreshes[0]!)).toEqual({ refresh: 'refresh-1' });
    const replays = calls.filter((c) => c.url !== '/auth/token/refresh/' && bearer(c) === 'Bearer fresh');
    expect(replays.map((c) => c.url).sort()).toEqual(['/one/', '/three/', '/two/']);
    expect(bodyOf(replays.find((c) => c.url === '/three/')!)).toEqual({ n: 3 });
    expect(Cookies.get('token')).toBe('fresh');
    expect(Cookies.get('refresh')).toBe('refresh-2');
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a failed refresh clears cookies and local storage and reloads after 1 s', async () => {
    const calls = mockClient((config) =>
      config.url === '/auth/token/refresh/'
        ? fail(401, 'unauthorized', 'Refresh token revoked')
        : fail(401, 'unauthorized', 'Token expired'),
    );
    const results = await Promise.allSettled([apiGet('/one/'), apiGet('/two/')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((c) => c.url === '/auth/token/refresh/')).toHaveLength(1);
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('refresh')).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
    vi.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a 401 again after the refresh ends the session instead of looping', async () => {
    const calls = mockClient((config) =>
      config.url === '/auth/token/refresh/'
        ? ok({ access: 'fresh', refresh: 'refresh-2' })
        : fail(401, 'unauthorized', 'Nope'),
    );
    await expect(apiGet('/one/')).rejects.toMatchObject({ message: 'Nope' });
    expect(calls.map(routeOf)).toEqual(['GET /one/', 'POST /auth/token/refresh/', 'GET /one/']);
    expect(Cookies.get('token')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not retry embed-callback requests', async () => {
    const calls = mockClient(() => fail(401, 'unauthorized', 'Bad embed token'));
    await expect(apiPost('/auth/embed-callback/', {})).rejects.toMatchObject({ message: 'Bad embed token' });
    expect(calls.map(routeOf)).toEqual(['POST /auth/embed-callback/']);
    vi.advanceTimersByTime(2000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('ends the session when there is no refresh token to use', async () => {
    Cookies.remove('refresh');
    const calls = mockClient(() => fail(401, 'unauthorized', 'Token expired'));
    await expect(apiGet('/one/')).rejects.toMatchObject({ message: 'Token expired' });
    expect(calls.map(routeOf)).toEqual(['GET /one/']);
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
