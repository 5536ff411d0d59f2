// Pieces every merchant-portal list shares: case-insensitive search and a whitelisted sort.
import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';

/** `%term%` with the LIKE wildcards in the user's text matched literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function containsText(columns: (AnyColumn | SQL)[], search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((c) => ilike(c, pattern)));
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
