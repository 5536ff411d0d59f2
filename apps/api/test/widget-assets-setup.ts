// The API serves the widget and the hosted pages' scripts from packages/widget/dist. The API tests
// check those routes, so they build what they test: on a fresh clone (no dist yet), or when a
// source file is newer than the build. It takes a few seconds and runs once per test run.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ASSET_NAMES, WIDGET_DIST_DIR } from '../src/modules/hosted-pages/widget-assets.ts';

const WIDGET_SRC_DIR = join(WIDGET_DIST_DIR, '../src');

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function oldestAsset(): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const name of ASSET_NAMES) {
    try {
      oldest = Math.min(oldest, statSync(join(WIDGET_DIST_DIR, name)).mtimeMs);
    } catch {
      return 0;
    }
  }
  return oldest;
}

export default function setup() {
  if (oldestAsset() >= newestSourceChange(WIDGET_SRC_DIR)) return;
  execSync('npm run build --silent -w @kassa/widget', { stdio: ['ignore', 'ignore', 'inherit'] });
}
