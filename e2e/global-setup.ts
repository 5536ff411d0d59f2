// Builds the web app once before the browser tests so they run against what `npm start` serves.
import { execSync } from 'node:child_process';

export default function setup() {
  if (!process.env.KASSA_E2E_BROWSER) return;
  execSync('npm run build --silent', { stdio: 'inherit' });
}
