// Which processor adapter handles a provider id. The sandbox is the only one built in; a real
// processor is one more entry here (ARCHITECTURE "Payments").

import type { PaymentProvider } from '../payments/provider.ts';
import { createSandboxProcessor, SANDBOX_PROVIDER_ID } from '../payments/sandbox-processor.ts';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

export type ProviderResolver = (providerId: string) => PaymentProvider;

export function createProviderResolver(publicUrl: string, clock: Clock): ProviderResolver {
  const providers = new Map<string, PaymentProvider>([
    [SANDBOX_PROVIDER_ID, createSandboxProcessor({ publicUrl, now: () => clock.now() })],
  ]);
  return (providerId) => {
    const provider = providers.get(providerId);
    if (!provider) throw new AppError('business_rule', 'This payment provider is not available.');
    return provider;
  };
}
