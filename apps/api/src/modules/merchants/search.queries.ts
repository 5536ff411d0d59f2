import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** An ILIKE pattern matching `search` anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains", the same on PostgreSQL and PGlite whatever their collation. */
export const containsText = (column: AnyColumn | SQL, search: string): SQL =>
  sql`lower(${column}) like ${containsPattern(search.toLowerCase())}`;
