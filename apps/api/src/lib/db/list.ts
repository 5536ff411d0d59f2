// What every list query shares: case-insensitive search, a whitelisted sort, and page offsets.
import type { Page } from '@kassa/contract/common';
import { type AnyColumn, asc, desc, or, type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern matching `search` anywhere, lower-cased, with LIKE's wildcards taken literally. */
export const containsPattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" on one column or any of several, the same on PostgreSQL and PGlite
 * whatever their collation (and served by the `lower(…)` indexes); undefined when there is no search.
 */
export function containsText(columns: AnyColumn | SQL | (AnyColumn | SQL)[], search: string | undefined) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...[columns].flat().map((column) => sql`lower(${column}) like ${pattern}`));
}

/** `sort_by` values come validated from the contract's enum: "name" ascending, "-name" descending. */
export function sortOrder<C extends Record<string, AnyColumn>>(
  sortBy: string | undefined,
  columns: C,
  fallback: keyof C & string,
): SQL[] {
  const column = (columns[sortBy?.replace(/^-/, '') ?? fallback] ?? columns[fallback]) as AnyColumn;
  const descending = sortBy ? sortBy.startsWith('-') : true;
  return [descending ? desc(column) : asc(column)];
}

export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The paging a list query asks for, in the contract's words. */
export interface Paging {
  page: number;
  page_size: number;
}

/** What the list queries read of a list request: its paging, search and sort. */
export type ListRequest = Paging & { search?: string; sort_by?: string };

/** The list answer: `results` are page `paging.page` of the `count` rows found. */
export const pageOf = <T>(paging: Paging, count: number, results: T[]): Page<T> => ({
  count,
  page: paging.page,
  page_size: paging.page_size,
  results,
});
