// The official Stripe SDK client for one merchant's secret key. KASSA_STRIPE_API_BASE (tests,
// staging) replaces the SDK's host, port and protocol; unset, the SDK talks to api.stripe.com.
import type Stripe from 'stripe';
import { stripeSdk } from './stripe-sdk.ts';

/** Long enough for a card network round trip, short enough that a buyer is not left waiting. */
export const STRIPE_TIMEOUT_MS = 30_000;

export interface StripeClientOptions {
  secretKey: string;
  apiBase?: string;
  timeoutMs?: number;
}

export function createStripeClient({ secretKey, apiBase, timeoutMs = STRIPE_TIMEOUT_MS }: StripeClientOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    timeout: timeoutMs,
    // No blind retries: every POST carries Kassa's own idempotency key, and an answer that never
    // came is settled by reconciliation rather than by sending the request again.
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: 'Kassa' },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'http' ? '80' : '443');
    config.protocol = protocol;
  }
  return new (stripeSdk())(secretKey, config);
}
