// The accounts `npm run demo` prints. A password is shown only where it works: an account that
// existed before the run kept its own password (load-demo.ts never overwrites one), so printing the
// demo password there sends people to a sign-in that fails.
import { DEMO_PASSWORD } from './demo-catalog.ts';
import type { DemoAccount } from './load-demo.ts';

const ROLE_NAMES: Record<number, string> = {
  1: 'platform admin',
  2: 'owner',
  3: 'sub-user',
  4: 'staff admin',
  5: 'staff',
};

export const KEPT_PASSWORD = 'its own (unchanged)';

function formatTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  return [line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n');
}

export function demoAccountsTable(accounts: readonly DemoAccount[]): string {
  const rows = accounts.map((a) => [
    a.email,
    `${a.role} ${ROLE_NAMES[a.role] ?? ''}`.trim(),
    a.merchant,
    a.note,
    a.created ? DEMO_PASSWORD : KEPT_PASSWORD,
  ]);
  const table = formatTable(['e-mail', 'role', 'merchant', 'access', 'password'], rows);
  if (!accounts.some((a) => !a.created)) return table;
  return `${table}\n\n  "${KEPT_PASSWORD}": the account existed before this run and keeps the password it had; ${DEMO_PASSWORD} does not work for it.`;
}
