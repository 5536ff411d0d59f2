// Which processor adapter handles a payment. The built-in sandbox needs no connection; a real
// processor (payments/registry.ts `createProcessor`) is built from the merchant's connection — its
// decrypted credentials — and kept while those credentials stay the same, so a payment does not pay
// for a new SDK client.
import { createHash } from 'node:crypto';
import { instrumentProvider } from '../observability/instrumented-provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { findProcessorDefinition, type ProcessorEndpoints } from '../payments/registry.ts';
import { createSandboxProcessor, SANDBOX_PROVIDER_ID, type SandboxVault } from '../payments/sandbox-processor.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

/** A merchant's connection to a processor, credentials in clear (in memory only). */
export interface ProcessorConnection {
  id: string;
  credentials: Readonly<Record<string, string>>;
}

export type ProviderResolver = (providerId: string, connection?: ProcessorConnection | null) => PaymentProvider;

/** The registry id of the sandbox digital wallet (payments/registry.ts). */
export const SANDBOX_WALLET_PROVIDER_ID = 'sandbox_wallet';

const fingerprintOf = (credentials: Readonly<Record<string, string>>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(credentials).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url');

export function createProviderResolver(
  publicUrl: string,
  clock: Clock,
  endpoints: ProcessorEndpoints = {},
  /** The sandbox's saved cards (payments/sandbox-vault.ts); without it the sandbox saves none. */
  sandboxVault?: SandboxVault,
): ProviderResolver {
  const sandbox = createSandboxProcessor({ publicUrl, now: () => clock.now(), vault: sandboxVault });
  // The sandbox wallet is the same stateless sandbox processor (its wallet method always asks for
  // approval); transactions keep the connected provider's id so the timeline says which one took it.
  const builtIn = new Map<string, PaymentProvider>([
    [SANDBOX_PROVIDER_ID, instrumentProvider(SANDBOX_PROVIDER_ID, sandbox)],
    [SANDBOX_WALLET_PROVIDER_ID, instrumentProvider(SANDBOX_WALLET_PROVIDER_ID, sandbox)],
  ]);
  const built = new Map<string, { fingerprint: string; provider: PaymentProvider }>();
  return (providerId, connection) => {
    const fixed = builtIn.get(providerId);
    if (fixed) return fixed;
    const definition = findProcessorDefinition(providerId);
    if (!definition?.createProcessor || !connection) {
      throw new AppError('business_rule', 'This payment provider is not available.');
    }
    const key = `${providerId}:${connection.id}`;
    const fingerprint = fingerprintOf(connection.credentials);
    const cached = built.get(key);
    if (cached?.fingerprint === fingerprint) return cached.provider;
    const provider = instrumentProvider(
      providerId,
      definition.createProcessor({ publicUrl, credentials: connection.credentials, endpoints, clock }),
    );
    built.set(key, { fingerprint, provider });
    return provider;
  };
}
