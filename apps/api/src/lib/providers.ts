// Which processor adapter handles a provider id. The sandbox is the only one built in; a real
// processor is one more entry here (ARCHITECTURE "Payments").

import type { PaymentProvider } from '../payments/provider.ts';
import { createSandboxProcessor, SANDBOX_PROVIDER_ID } from '../payments/sandbox-processor.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

export type ProviderResolver = (providerId: string) => PaymentProvider;

/** The registry id of the sandbox digital wallet (payments/registry.ts). */
export const SANDBOX_WALLET_PROVIDER_ID = 'sandbox_wallet';

export function createProviderResolver(publicUrl: string, clock: Clock): ProviderResolver {
  const sandbox = createSandboxProcessor({ publicUrl, now: () => clock.now() });
  // The sandbox wallet is the same stateless sandbox processor (its wallet method always asks for
  // approval); transactions keep the connected provider's id so the timeline says which one took it.
  const providers = new Map<string, PaymentProvider>([
    [SANDBOX_PROVIDER_ID, sandbox],
    [SANDBOX_WALLET_PROVIDER_ID, sandbox],
  ]);
  return (providerId) => {
    const provider = providers.get(providerId);
    if (!provider) throw new AppError('business_rule', 'This payment provider is not available.');
    return provider;
  };
}
