#!/usr/bin/env node
// Run by `npm start` and `npm run demo` before they start the built API: builds only when a build is
// missing or older than the sources, so a start after a build is quick, and a machine installed
// with `npm ci --omit=dev` (no build tools) starts what was built (docs/ARCHITECTURE.md#build-and-start).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['apps/api/src', 'packages/contract/src', 'packages/widget/src', 'apps/web/src', 'apps/web/index.html'];
const OUTPUTS = ['apps/api/dist/server.js', 'apps/web/dist/index.html', 'packages/widget/dist/widget.js'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const oldestOutput = Math.min(
  ...OUTPUTS.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
);
const newestSource = Math.max(...SOURCES.map((path) => newest(join(root, path))));
if (oldestOutput >= newestSource) process.exit(0);

if (!existsSync(join(root, 'node_modules/esbuild')) || !existsSync(join(root, 'node_modules/vite'))) {
  console.error(
    `\n  The build (apps/api/dist, apps/web/dist, packages/widget/dist) is ${oldestOutput ? 'older than the sources' : 'missing'},` +
      '\n  and this install has no build tools (installed with --omit=dev).' +
      '\n  Run `npm ci && npm run build` (on this machine or where you package Kassa), then `npm start`.\n',
  );
  process.exit(1);
}
console.log(oldestOutput ? 'Sources changed since the last build: building…' : 'First start: building…');
execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
