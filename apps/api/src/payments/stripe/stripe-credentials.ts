// A Stripe connection's credentials: the secret key (test or live by its prefix, as in Stripe's
// dashboard) and, once the merchant has added Kassa's webhook endpoint in Stripe, its signing
// secret. Verification checks the shapes, then makes one cheap authenticated call.
import type { PaymentMode, VerificationResult } from '../provider.ts';
import { createStripeClient } from './stripe-client.ts';
import { stripeSdk } from './stripe-sdk.ts';

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/;

export const stripeModeOf = (credentials: Readonly<Record<string, string>>): PaymentMode =>
  /^(sk|rk)_live_/.test(credentials.secret_key ?? '') ? 'live' : 'test';

export async function verifyStripeCredentials(
  credentials: Readonly<Record<string, string>>,
  options: { apiBase?: string; timeoutMs?: number } = {},
): Promise<VerificationResult> {
  const secretKey = credentials.secret_key?.trim() ?? '';
  if (!secretKey) return { ok: false, message: 'Enter the Secret key.' };
  if (secretKey.startsWith('pk_')) {
    return { ok: false, message: 'This is a publishable key. Enter the Secret key (sk_test_… or sk_live_…).' };
  }
  if (!SECRET_KEY.test(secretKey)) {
    return { ok: false, message: 'A Stripe secret key starts with sk_test_ or sk_live_.' };
  }
  const webhookSecret = credentials.webhook_secret?.trim();
  if (webhookSecret && !/^whsec_[A-Za-z0-9]{10,}$/.test(webhookSecret)) {
    return { ok: false, message: 'A Stripe webhook signing secret starts with whsec_.' };
  }
  const mode = stripeModeOf(credentials);
  try {
    const balance = await createStripeClient({
      secretKey,
      ...options,
      timeoutMs: options.timeoutMs ?? 10_000,
    }).balance.retrieve();
    if (balance.livemode !== (mode === 'live')) {
      return { ok: false, message: 'Stripe reports a different mode for this key.' };
    }
    return { ok: true, message: `Connected to Stripe in ${mode} mode.` };
  } catch (error) {
    if (error instanceof stripeSdk().errors.StripeAuthenticationError) {
      return { ok: false, message: 'Stripe did not accept this secret key.' };
    }
    if (error instanceof stripeSdk().errors.StripePermissionError) {
      return {
        ok: false,
        message: 'This key may not read the account balance; use a secret key or allow Balance: read.',
      };
    }
    if (error instanceof stripeSdk().errors.StripeConnectionError) {
      return { ok: false, message: 'Stripe could not be reached. Try again in a minute.' };
    }
    return { ok: false, message: `Stripe could not verify the key: ${(error as Error).message}` };
  }
}
