// Builds the web app once before the browser tests so they run against what `npm start` serves.
// Without a browser every browser suite is skipped, so there is nothing to build for.
import { execSync } from 'node:child_process';
import { browserPath } from './support/browser-path.ts';

export default function setup() {
  if (!browserPath()) return;
  try {
    execSync('npm run build --silent', { stdio: 'inherit' });
  } catch {
    throw new Error('`npm run build` failed (output above): the browser tests run against the built web app.');
  }
}
