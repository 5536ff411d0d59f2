/** An ILIKE pattern matching `search` anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
