// Where Chromium is. `npm test` (scripts/test.mjs) sets KASSA_E2E_BROWSER — to '' when Chromium is
// missing, so the browser suites report themselves skipped. A plain `npx vitest run --project e2e`
// leaves it unset: then Debian's /usr/bin/chromium is used when it is installed.
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export function browserPath(): string {
  const fromEnv = process.env.KASSA_E2E_BROWSER;
  if (fromEnv !== undefined) return fromEnv;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : '';
}
