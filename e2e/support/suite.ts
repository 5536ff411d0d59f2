// Browser suites run only where Chromium exists; elsewhere vitest lists them as skipped, with the
// reason in the suite name, instead of failing on a missing binary.
import { describe } from 'vitest';
import { browserPath } from './browser-path.ts';

export const hasBrowser = () => browserPath() !== '';

const SKIP_REASON =
  'skipped: Chromium not found (install it with `apt-get install -y chromium` or set KASSA_E2E_BROWSER)';

export function describeBrowser(name: string, fn: () => void) {
  const available = hasBrowser();
  return describe.skipIf(!available)(available ? name : `${name} — ${SKIP_REASON}`, fn);
}
