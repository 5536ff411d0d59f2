// Answers the app's HTTP client in tests through an axios adapter: no network, every request seen.
import { waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { expect } from 'vitest';
import { apiClient } from '../lib/api-client.ts';
import { wireMismatch } from './wire-contract.ts';

export interface MockReply {
  status: number;
  data: unknown;
}
export type MockHandler = (config: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>;

export const ok = (result: unknown, message?: string): MockReply => ({
  status: 200,
  data: { status: 'success', result, ...(message ? { message } : {}) },
});
/** One page of a list, as every paged list endpoint answers. */
export const pageOf = <T>(results: T[], count = results.length) => ({ count, page: 1, page_size: 20, results });
export const okPage = <T>(results: T[]): MockReply => ok(pageOf(results));

export const fail = (
  status: number,
  code: string,
  message: string,
  errors?: { path: string; message: string }[],
): MockReply => ({
  status,
  data: { status: 'error', code, message, ...(errors ? { errors } : {}) },
});

const mismatches: string[] = [];

/** The faked replies since the last call that the API could not have sent (setup.ts fails the test on any). */
export const takeWireMismatches = () => mismatches.splice(0);

/**
 * Installs the handler and returns the list of requests made, in order. Its successful replies must
 * be ones the API could send (wire-contract.ts); only the HTTP client's own tests, which call
 * made-up routes, pass `{ anyRoute: true }`.
 */
export function mockApi(handler: MockHandler, { anyRoute = false }: { anyRoute?: boolean } = {}) {
  const calls: InternalAxiosRequestConfig[] = [];
  apiClient.defaults.adapter = async (config) => {
    // Snapshot the headers: a replayed request reuses (and updates) the same headers object.
    calls.push({ ...config, headers: new AxiosHeaders(config.headers) });
    const reply = await handler(config);
    if (reply.status < 400 && !anyRoute) {
      const mismatch = wireMismatch(config.method ?? 'get', config.url ?? '', reply.status, reply.data);
      if (mismatch) mismatches.push(mismatch);
    }
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

/** The first request to `route` ("POST /product/"), waited for: pages send after a click resolves. */
export async function waitForCall(calls: InternalAxiosRequestConfig[], route: string) {
  await waitFor(() => expect(calls.some((c) => routeOf(c) === route)).toBe(true));
  return calls.find((c) => routeOf(c) === route)!;
}

/** The body the page sent to `route`, once it has sent it. */
export const sentBody = async (calls: InternalAxiosRequestConfig[], route: string) =>
  bodyOf(await waitForCall(calls, route));
