// Credential check shared by every built-in sandbox provider: like a real processor's test mode, a
// sandbox account is reached with a test secret key ("sk_test_…"); a live key is refused so nobody
// believes real money moves through the sandbox.
import type { VerificationResult } from './provider.ts';

export const SANDBOX_KEY_PREFIX = 'sk_test_';

export function verifySandboxSecretKey(secretKey: string | undefined): VerificationResult {
  const key = secretKey?.trim() ?? '';
  if (!key) return { ok: false, message: 'Enter the secret key.' };
  if (!key.startsWith(SANDBOX_KEY_PREFIX) || key.length <= SANDBOX_KEY_PREFIX.length) {
    return { ok: false, message: `Sandbox secret keys start with "${SANDBOX_KEY_PREFIX}" followed by the key.` };
  }
  return { ok: true, message: 'Sandbox credentials verified.' };
}
