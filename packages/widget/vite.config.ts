// Builds everything the API serves under /pay into dist/:
// - widget.js (IIFE, `window.Kassa`, /pay/widget.js on merchant pages) and widget.mjs (ES module);
// - fields.js + fields.css (the hosted card fields page /pay/fields) and approval.js + approval.css
//   (the approval popup /pay/approve/{reference}), each a self-contained IIFE.
// Rollup cannot put several IIFE entries in one build, so the two pages are built after the widget,
// from the widget build's closeBundle. The buyer downloads the widget on every checkout: the build
// prints every file's gzip size and fails when the widget is over its 15 KB budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';

const WIDGET_BUDGET_BYTES = 15 * 1024;
const root = import.meta.dirname;
const outDir = join(root, 'dist');
const widgetFiles = ['widget.js', 'widget.mjs'];
const pages = [
  { name: 'fields', entry: 'src/fields/main.ts' },
  { name: 'approval', entry: 'src/approval/main.ts' },
];

const gzipBytes = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

function pageBuild(page: (typeof pages)[number]): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2020',
      sourcemap: true,
      lib: {
        entry: join(root, page.entry),
        name: `Kassa_${page.name}`,
        formats: ['iife'],
        fileName: () => `${page.name}.js`,
        cssFileName: page.name,
      },
    },
  };
}

function hostedPagesAndBudget(): Plugin {
  return {
    name: 'kassa-hosted-pages-and-budget',
    apply: 'build',
    async closeBundle() {
      for (const page of pages) await build(pageBuild(page));
      for (const file of readdirSync(outDir).filter((f) => /\.(m?js|css)$/.test(f))) {
        const bytes = gzipBytes(file);
        const budget = widgetFiles.includes(file) ? ` (budget ${WIDGET_BUDGET_BYTES / 1024} KB)` : '';
        console.log(`widget: dist/${file} ${(bytes / 1024).toFixed(2)} KB gzip${budget}`);
        if (budget && bytes > WIDGET_BUDGET_BYTES) {
          throw new Error(`dist/${file} is ${bytes} bytes gzipped, over the ${WIDGET_BUDGET_BYTES} byte budget`);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [hostedPagesAndBudget()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: true,
    lib: {
      entry: join(root, 'src/index.ts'),
      name: 'Kassa',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'es' ? 'widget.mjs' : 'widget.js'),
    },
  },
});
