// The Stripe SDK costs a good part of a second of every start on a busy two-core machine
// (docs/benchmarks.md#start-time-the-built-server-to-healthready), and most servers never make a
// Stripe call: it is loaded when a merchant's Stripe connection or webhook first needs it, as the
// Adyen SDK is (adyen-sdk.ts). Every use goes through here, so its error classes are one set.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';

type StripeSdk = typeof Stripe;

let loaded: StripeSdk | undefined;

export function stripeSdk(): StripeSdk {
  loaded ??= createRequire(import.meta.url)('stripe') as StripeSdk;
  return loaded;
}
