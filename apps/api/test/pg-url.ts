/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
/** The maintenance database, for CREATE/DROP DATABASE. */
export const adminUrl = (url: string) => withDatabase(url, 'postgres');
