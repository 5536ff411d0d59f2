// `npm run bench [-- name …]`: runs bench/<name>.bench.ts one after another (never in parallel: they
// would measure each other) and prints one table. Exit code 1 when a row misses its target.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './support/metric.ts';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();
if (benches.length === 0) {
  console.error(`No bench matches ${wanted.join(', ')}`);
  process.exit(1);
}

const rows: (BenchRow & { bench: string })[] = [];
for (const bench of benches) {
  const started = Date.now();
  process.stdout.write(`  ${bench} … `);
  try {
    const mod = (await import(`./${bench}.bench.ts`)) as { run(): Promise<BenchRow[]> };
    for (const row of await mod.run()) rows.push({ bench, ...row });
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.log('failed');
    console.error(error);
    rows.push({ bench, name: 'did not finish', value: Number.NaN, unit: '', target: '—', ok: false });
  }
}

const format = (v: number) =>
  !Number.isFinite(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(1) : v.toFixed(2);
const table = [
  ['bench', 'measure', 'value', 'unit', 'target', ''],
  ...rows.map((r) => [r.bench, r.name, format(r.value), r.unit, r.target, r.ok ? 'ok' : 'MISSED']),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
const line = (r: string[]) =>
  `  ${r.map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
console.log(
  `\n${line(table[0]!)}\n${line(widths.map((w) => '─'.repeat(w)))}\n${table.slice(1).map(line).join('\n')}\n`,
);
if (rows.some((r) => !r.ok)) process.exitCode = 1;
