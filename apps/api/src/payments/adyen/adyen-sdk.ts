// Loading the Adyen SDK is a noticeable part of every start
// (docs/benchmarks.md#start-time-the-built-server-to-healthready), and most servers never make an
// Adyen call: it is loaded when a merchant's Adyen connection or webhook first needs it.
import { createRequire } from 'node:module';

type AdyenSdk = typeof import('@adyen/api-library');

let loaded: AdyenSdk | undefined;

export function adyenSdk(): AdyenSdk {
  loaded ??= createRequire(import.meta.url)('@adyen/api-library') as AdyenSdk;
  return loaded;
}
