// Answers the app's HTTP client in tests through an axios adapter: no network, every request seen.
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client.ts';

export interface MockReply {
  status: number;
  data: unknown;
}
export type MockHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export const ok = (result: unknown, message?: string): MockReply => ({
  status: 200,
  data: { status: 'success', result, ...(message ? { message } : {}) },
});
export const fail = (
  status: number,
  code: string,
  message: string,
  errors?: { path: string; message: string }[],
): MockReply => ({
  status,
  data: { status: 'error', code, message, ...(errors ? { errors } : {}) },
});

/** Installs the handler and returns the list of requests made, in order. */
export function mockApi(handler: MockHandler) {
  const calls: InternalAxiosRequestConfig[] = [];
  apiClient.defaults.adapter = async (config) => {
    // Snapshot the headers: a replayed request reuses (and updates) the same headers object.
    calls.push({ ...config, headers: new AxiosHeaders(config.headers) });
    const reply = await handler(config);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };
  return calls;
}

export const bodyOf = (config: InternalAxiosRequestConfig): Record<string, unknown> =>
  typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {});

export const routeOf = (config: InternalAxiosRequestConfig) => `${config.method?.toUpperCase()} ${config.url}`;
