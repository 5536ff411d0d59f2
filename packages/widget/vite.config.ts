// Library build of the widget: dist/widget.js (IIFE, `window.Kassa`, served by the API at
// /pay/widget.js) and dist/widget.mjs (ES module). The buyer downloads it on every checkout, so the
// build prints the gzip size and fails above the 15 KB budget (issue 6).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const BUDGET_BYTES = 15 * 1024;
const outDir = join(import.meta.dirname, 'dist');
const files = ['widget.js', 'widget.mjs'];

function gzipBudget(): Plugin {
  return {
    name: 'kassa-gzip-budget',
    apply: 'build',
    closeBundle() {
      for (const file of files) {
        const bytes = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
        console.log(`widget: dist/${file} ${(bytes / 1024).toFixed(2)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
        if (bytes > BUDGET_BYTES)
          throw new Error(`dist/${file} is ${bytes} bytes gzipped, over the ${BUDGET_BYTES} byte budget`);
      }
    },
  };
}

export default defineConfig({
  plugins: [gzipBudget()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: true,
    lib: {
      entry: join(import.meta.dirname, 'src/index.ts'),
      name: 'Kassa',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'es' ? 'widget.mjs' : 'widget.js'),
    },
  },
});
