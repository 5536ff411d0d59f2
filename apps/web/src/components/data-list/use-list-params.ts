// List state (page, search, sort, filters) lives in the address bar, so a filtered list survives a
// reload, can be shared as a link, and Back returns to it. Every change but paging starts again at
// page 1.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  page: number;
  search: string;
  sort: string;
  /** A filter's value ('' when unset). */
  get(key: string): string;
  /** Sets (or, with '' / null, clears) keys; the page goes back to 1 unless `page` is among them. */
  update(changes: Record<string, string | number | null>): void;
  /** The API query string: page, page_size, search, sort_by, the given filter keys and `fixed` values. */
  apiQuery(filterKeys: readonly string[], fixed?: Record<string, string | number | boolean>): string;
}

export const DEFAULT_PAGE_SIZE = 20;

/** `?a=1&b=x` from the set entries only (empty strings, null and undefined are left out). */
export function toQueryString(values: Record<string, string | number | boolean | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== '' && value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function useListParams(defaultSort: string): ListParams {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const sort = params.get('sort_by') || defaultSort;

  const get = useCallback((key: string) => params.get(key) ?? '', [params]);

  // react-router hands a functional update the params of the last render, not of an update still on
  // its way: a debounced search and a filter picked just after it would each drop the other. The
  // params last asked for are kept until the address shows them.
  const current = useRef(params);
  const pending = useRef<URLSearchParams | null>(null);
  current.current = params;
  if (pending.current?.toString() === params.toString()) pending.current = null;

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      const next = new URLSearchParams(pending.current ?? current.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      pending.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const apiQuery = useCallback(
    (filterKeys: readonly string[], fixed: Record<string, string | number | boolean> = {}) =>
      toQueryString({
        page,
        page_size: DEFAULT_PAGE_SIZE,
        search,
        sort_by: sort,
        ...Object.fromEntries(filterKeys.map((key) => [key, params.get(key)])),
        ...fixed,
      }),
    [page, search, sort, params],
  );

  return useMemo(() => ({ page, search, sort, get, update, apiQuery }), [page, search, sort, get, update, apiQuery]);
}
