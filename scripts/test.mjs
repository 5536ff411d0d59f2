#!/usr/bin/env node
// `npm test`: every tier in one vitest run. Browser tests need Debian's Chromium: without it they are
// reported as skipped (with how to install it), except under CI=true where a missing browser fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);
const isCI = process.env.CI === 'true' || process.env.CI === '1';

if (!hasBrowser) {
  if (isCI) {
    console.error(
      `Chromium is missing at ${CHROMIUM}; CI needs it for the browser tests (apt-get install -y chromium).`,
    );
    process.exit(1);
  }
  console.warn(`\n! Chromium not found at ${CHROMIUM}: browser tests will be skipped.`);
  console.warn('  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n');
}

const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=./scripts/summary-reporter.ts',
  ...process.argv.slice(2),
];
const result = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, KASSA_E2E_BROWSER: hasBrowser ? CHROMIUM : '' },
});
process.exit(result.status ?? 1);
