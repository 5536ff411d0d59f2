// `npm run demo`: loads the demo data into the database `npm start` uses (the data dir's PGlite, or
// DATABASE_URL), prints the accounts and exits. On PGlite it refuses while the server runs: an
// embedded database opens in one process at a time (db/data-dir-lock.ts).
import { createContext } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { exitOnRefusal } from '../lib/startup-refusal.ts';
import { demoAccountsTable } from './demo-accounts-table.ts';
import { loadDemoData } from './load-demo.ts';

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
  console.log(demoAccountsTable(summary.accounts));
  console.log(`\n  Start the server with \`npm start\` and sign in at ${config.publicUrl}\n`);
} finally {
  await ctx.database.close();
}
