// Browser suites run only where Chromium exists; elsewhere vitest lists them as skipped, with the
// reason in the suite name, instead of failing on a missing binary.
import { afterAll, beforeAll, describe } from 'vitest';
import { type UseBrowserOptions, useBrowser } from './browser.ts';
import { browserPath } from './browser-path.ts';
import { type KassaServer, type StartServerOptions, startServer } from './server.ts';

export const hasBrowser = () => browserPath() !== '';

const SKIP_REASON =
  'skipped: Chromium not found (install it with `apt-get install -y chromium` or set KASSA_E2E_BROWSER)';

export function describeBrowser(name: string, fn: () => void) {
  const available = hasBrowser();
  return describe.skipIf(!available)(available ? name : `${name} — ${SKIP_REASON}`, fn);
}

/** The suite's own demo server, started before its tests and stopped after them, and a browser pointed at it. */
export function useDemoSuite(
  browserOptions: UseBrowserOptions = {},
  serverOptions: Omit<StartServerOptions, 'demo'> = {},
) {
  let server: KassaServer | undefined;
  beforeAll(async () => {
    server = await startServer({ ...serverOptions, demo: true });
  });
  afterAll(() => server?.stop());
  const started = (): KassaServer => {
    if (!server) throw new Error('The demo server starts in the suite’s beforeAll.');
    return server;
  };
  return {
    get server() {
      return started();
    },
    browser: useBrowser({ ...browserOptions, baseURL: () => started().url }),
  };
}
