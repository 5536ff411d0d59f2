// `npm run demo`: loads the demo data into the database `npm start` uses (the data dir's PGlite, or
// DATABASE_URL), prints the accounts and exits. On PGlite it refuses while the server runs: an
// embedded database opens in one process at a time (db/data-dir-lock.ts).
import { createContext } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { exitOnRefusal } from '../lib/startup-refusal.ts';
import { DEMO_PASSWORD } from './demo-catalog.ts';
import { loadDemoData } from './load-demo.ts';

const ROLE_NAMES: Record<number, string> = {
  1: 'platform admin',
  2: 'owner',
  3: 'sub-user',
  4: 'staff admin',
  5: 'staff',
};

function formatTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
  return [line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n');
}

const config = readConfig();
const ctx = await createContext(config).catch(exitOnRefusal);
try {
  const started = Date.now();
  const summary = await loadDemoData(ctx);
  const { invoices, transactions, refunds } = summary.inserted;
  console.log(
    `\n  Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${transactions} transactions, ${refunds} refunds, ${invoices} invoices added ` +
      `(${transactions === 0 ? 'already present, nothing duplicated' : 'first run'}).\n`,
  );
  const rows = summary.accounts.map((a) => [
    a.email,
    `${a.role} ${ROLE_NAMES[a.role] ?? ''}`.trim(),
    a.merchant,
    a.note,
    a.created ? DEMO_PASSWORD : `${DEMO_PASSWORD} *`,
  ]);
  console.log(formatTable(['e-mail', 'role', 'merchant', 'access', 'password'], rows));
  if (summary.accounts.some((a) => !a.created)) {
    console.log('\n  * existed before this run: its password was left as it was.');
  }
  console.log(`\n  Start the server with \`npm start\` and sign in at ${config.publicUrl}\n`);
} finally {
  await ctx.database.close();
}
