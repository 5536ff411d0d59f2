import { contractTextsEn } from '@kassa/contract/i18n/catalogues/portal/contract-texts.en';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.ts';
import { findProvider, PROVIDERS, providersOfKind } from './registry.ts';

describe('provider registry', () => {
  it('has a sandbox provider for each connection kind', () => {
    for (const kind of ['payment_service', 'gift_card', 'digital_wallet', 'anti_fraud'] as const) {
      const [first] = providersOfKind(kind);
      expect(first?.isSandbox, kind).toBe(true);
      expect(first?.credentialFields.some((f) => f.secret)).toBe(true);
    }
    expect(new Set(PROVIDERS.map((p) => `${p.kind}/${p.id}`)).size).toBe(PROVIDERS.length);
  });

  it('has every description, credential label and worded placeholder in the portal catalogue, worded as here (docs/i18n.md)', () => {
    const catalogue: Record<string, string> = contractTextsEn;
    for (const provider of PROVIDERS) {
      expect(catalogue[`paymentConnections.providerText.${provider.id}`], provider.id).toBe(provider.description);
      for (const field of provider.credentialFields) {
        expect(catalogue[`paymentConnections.credentialLabel.${field.name}`], field.name).toBe(field.label);
        // A placeholder in words is translated; a sample value ("sk_test_…", "AQE…") has no space.
        if (field.placeholder?.includes(' '))
          expect(catalogue[`paymentConnections.credentialPlaceholder.${field.name}`], field.name).toBe(
            field.placeholder,
          );
      }
    }
  });

  it('finds a provider by kind and id', () => {
    expect(findProvider('payment_service', 'sandbox')?.displayName).toBe('Kassa Sandbox Processor');
    expect(findProvider('gift_card', 'sandbox')).toBeUndefined();
    expect(findProvider('payment_service', 'nope')).toBeUndefined();
  });

  it('verifies sandbox credentials with clear messages', async () => {
    const service = findProvider('payment_service', 'sandbox')!;
    expect(await service.verifyCredentials({ account_id: 'acct_1', secret_key: 'sk_test_123' })).toEqual({
      ok: true,
      message: 'Sandbox credentials verified.',
    });
    expect(await service.verifyCredentials({ account_id: 'acct_1', secret_key: 'sk_live_123' })).toEqual({
      ok: false,
      message: 'Sandbox secret keys start with "sk_test_" followed by the key.',
    });
    expect(await service.verifyCredentials({ secret_key: ' ' })).toEqual({
      ok: false,
      message: 'Enter the Account ID and Secret key.',
    });
    const fraud = findProvider('anti_fraud', 'sandbox_anti_fraud')!;
    expect((await fraud.verifyCredentials({ secret_key: 'sk_test_x' })).ok).toBe(true);
    expect((await fraud.verifyCredentials({ secret_key: 'pk_test_x' })).ok).toBe(false);
  });

  it('creates processors for the kinds that move money', async () => {
    const wallet = findProvider('digital_wallet', 'sandbox_wallet')!;
    const processor = wallet.createProcessor?.({
      publicUrl: 'http://localhost:8080',
      credentials: {},
      endpoints: {},
      clock: systemClock,
    });
    const result = await processor?.authorize({
      method: 'wallet',
      wallet: 'sandbox_wallet',
      reference: 'tx',
      amount: 100,
      currency: 'USD',
      intent: 'capture',
    });
    expect(result?.approvalUrl).toMatch(/^http:\/\/localhost:8080\/pay\/approve\//);
    expect(findProvider('payment_service', 'sandbox')?.createProcessor).toBeTypeOf('function');
    expect(findProvider('gift_card', 'sandbox_gift_card')?.createProcessor).toBeUndefined();
  });
});
