// docs/product-rules.md#constants: data cache defaults — dedupe 2 s, focus throttle 5 s, error retry 5 s (10 s on slow
// connections). Every SWR key is an API path; the fetcher returns the envelope's result.
import type { SWRConfiguration } from 'swr';
import { apiGet } from './api-client.ts';

export const DEDUPE_INTERVAL_MS = 2000;
export const FOCUS_THROTTLE_MS = 5000;
export const ERROR_RETRY_MS = 5000;
export const SLOW_ERROR_RETRY_MS = 10_000;

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

export function isSlowConnection(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return Boolean(connection.saveData) || ['slow-2g', '2g'].includes(connection.effectiveType ?? '');
}

export const fetchResult = <T>(path: string) => apiGet<T>(path).then((body) => body.result);

export function swrConfig(nav: Navigator = navigator): SWRConfiguration {
  return {
    fetcher: fetchResult,
    dedupingInterval: DEDUPE_INTERVAL_MS,
    focusThrottleInterval: FOCUS_THROTTLE_MS,
    errorRetryInterval: isSlowConnection(nav) ? SLOW_ERROR_RETRY_MS : ERROR_RETRY_MS,
  };
}
