// The one HTTP client of the web app (docs/product-rules.md#states-and-transitions, docs/product-rules.md#api-calls, docs/product-rules.md#constants; docs/ARCHITECTURE.md#api-conventions).
// - base URL /apiv1 on the same origin, 30 s timeout;
// - `Authorization: Bearer <token cookie>` on every request except embed-callback;
// - a response that carries a token (result.access or data.token) replaces the token cookie;
// - on 401: ONE refresh call, the other failing requests wait for it and are replayed with the new
//   token; a failed refresh or a second 401 for the same request ends the session (cookies and
//   local storage cleared, reload after 1 s);
// - failed calls reject with the server's response body (the error envelope), or one the client words in
//   the user's language when no answer came (timeout, no connection).
import type { ErrorEnvelope } from '@kassa/contract/common';
import { SECOND_FACTOR_REQUIRED_CODE } from '@kassa/contract/second-factor-rules';
import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { apiErrorText, type NetworkFailure, networkFailureText } from './api-error-text.ts';
import { getAccessToken, getRefreshToken, saveAccessToken, saveTokens } from './auth-cookies.ts';
import { clearSessionAndReload } from './browser-session.ts';
import { activePortalI18n } from './use-portal-i18n.ts';

export const API_BASE_URL = '/apiv1';
export const REQUEST_TIMEOUT_MS = 30_000;
export const REFRESH_PATH = '/auth/token/refresh/';

export type ApiSuccess<T> = { status: 'success'; result: T; message?: string };
export type ApiErrorBody = ErrorEnvelope;

export const apiClient = axios.create({ baseURL: API_BASE_URL, timeout: REQUEST_TIMEOUT_MS });

const isEmbedCallback = (url: string | undefined) => Boolean(url?.includes('embed-callback'));
const isRefresh = (url: string | undefined) => Boolean(url?.includes(REFRESH_PATH));

type TokenListener = (tokens: { access: string; refresh?: string }) => void;
const tokenListeners = new Set<TokenListener>();
/** Lets the session store follow token changes made here (responses, refresh). Returns unsubscribe. */
export function onTokensChanged(listener: TokenListener) {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}
const notifyTokens = (tokens: { access: string; refresh?: string }) => {
  for (const listener of tokenListeners) listener(tokens);
};

/**
 * Told when the API answers that the session owes a required second factor (the organisation's rule):
 * the layout then sends the user to set one up. Returns unsubscribe.
 */
const enrolmentListeners = new Set<() => void>();
export function onSecondFactorRequired(listener: () => void) {
  enrolmentListeners.add(listener);
  return () => {
    enrolmentListeners.delete(listener);
  };
}
const owesSecondFactor = (error: AxiosError) =>
  error.response?.status === 403 &&
  (error.response.data as { code?: unknown } | undefined)?.code === SECOND_FACTOR_REQUIRED_CODE;

apiClient.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token && !isEmbedCallback(config.url)) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

const tokenInResponse = (data: unknown): string | null => {
  if (!data || typeof data !== 'object') return null;
  const body = data as { result?: { access?: unknown }; token?: unknown };
  if (body.result && typeof body.result === 'object' && typeof body.result.access === 'string') {
    return body.result.access;
  }
  return typeof body.token === 'string' ? body.token : null;
};

let refreshing: Promise<string> | null = null;

/** One refresh at a time: every 401 that arrives meanwhile awaits the same promise (the queue). */
function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) throw new Error('No refresh token stored');
    const { data } = await apiClient.post<ApiSuccess<{ access: string; refresh: string }>>(REFRESH_PATH, { refresh });
    saveTokens(data.result);
    notifyTokens(data.result);
    return data.result.access;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function networkError(error: AxiosError): ApiErrorBody {
  const failure: NetworkFailure =
    error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? 'timeout' : isOffline() ? 'offline' : 'network_error';
  return { status: 'error', code: failure, message: networkFailureText(failure, activePortalI18n()) };
}

const rejectWithBody = (error: AxiosError) => Promise.reject(error.response?.data ?? networkError(error));

apiClient.interceptors.response.use(
  (response) => {
    const token = isEmbedCallback(response.config.url) ? null : tokenInResponse(response.data);
    if (token && token !== getAccessToken()) {
      saveAccessToken(token);
      notifyTokens({ access: token });
    }
    return response;
  },
  async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    const sentToken = Boolean(config?.headers?.get('Authorization'));
    // A 401 to a request made without a session (a wrong password on the login form) is an answer,
    // not an expired session: there is nothing to refresh.
    if (owesSecondFactor(error)) for (const listener of enrolmentListeners) listener();
    if (
      error.response?.status !== 401 ||
      !config ||
      !sentToken ||
      isRefresh(config.url) ||
      isEmbedCallback(config.url)
    ) {
      return rejectWithBody(error);
    }
    if (config._retried) {
      clearSessionAndReload();
      return rejectWithBody(error);
    }
    config._retried = true;
    let access: string;
    try {
      access = await refreshAccessToken();
    } catch {
      clearSessionAndReload();
      return rejectWithBody(error);
    }
    config.headers.set('Authorization', `Bearer ${access}`);
    // A second 401 for this request comes back through this handler with _retried set.
    return apiClient.request(config);
  },
);

export const apiGet = <T>(url: string, config?: AxiosRequestConfig) =>
  apiClient.get<ApiSuccess<T>>(url, config).then((r) => r.data);
export const apiPost = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
  apiClient.post<ApiSuccess<T>>(url, body, config).then((r) => r.data);
export const apiPatch = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
  apiClient.patch<ApiSuccess<T>>(url, body, config).then((r) => r.data);
export const apiPut = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
  apiClient.put<ApiSuccess<T>>(url, body, config).then((r) => r.data);
export const apiDelete = <T>(url: string, config?: AxiosRequestConfig) =>
  apiClient.delete<ApiSuccess<T>>(url, config).then((r) => r.data);

/**
 * The server's message from a rejected call in the user's language (api-error-text.ts), or the fallback
 * (docs/product-rules.md#error-messages).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!error || typeof error !== 'object' || !('message' in error)) return fallback;
  const { message, code } = error as { message: unknown; code?: unknown };
  if (typeof message !== 'string' || !message.trim()) return fallback;
  return apiErrorText(message, typeof code === 'string' ? code : '', activePortalI18n());
}

/**
 * A success answer's message for a toast: the API's own words for an English reader, else the portal's
 * text for the same outcome (`fallback`, already in the user's language) — the API answers in English.
 */
export const apiSuccessMessage = (message: string | null | undefined, fallback: string): string =>
  message && activePortalI18n().locale === 'en' ? message : fallback;
