// The providers a merchant can connect, as data (docs/ARCHITECTURE.md "Payments"): one entry per
// provider with its credential form and verification. A real processor is added by writing its
// adapter module (implementing PaymentProvider) and appending one entry here.
import type { CONNECTION_KINDS } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ADYEN_CREDENTIAL_FIELDS, ADYEN_PROVIDER_ID, adyenModeOf } from './adyen/adyen-client.ts';
import { createAdyenProcessor, verifyAdyenCredentials } from './adyen/adyen-processor.ts';
import type { PaymentMode, PaymentProvider, VerificationResult } from './provider.ts';
import { verifySandboxSecretKey } from './sandbox-credentials.ts';
import { createSandboxProcessor, SANDBOX_PROVIDER_ID } from './sandbox-processor.ts';
import { stripeModeOf, verifyStripeCredentials } from './stripe/stripe-credentials.ts';
import { createStripeProcessor, STRIPE_PROVIDER_ID } from './stripe/stripe-processor.ts';

export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export interface CredentialField {
  name: string;
  label: string;
  /** Secret fields are encrypted at rest and only ever returned masked. */
  secret: boolean;
  placeholder?: string;
}

/**
 * Where each real processor's API is (KASSA_STRIPE_API_BASE, KASSA_ADYEN_CHECKOUT_BASE): unset in
 * production, where the SDKs' own defaults apply; tests and staging point them at an emulator.
 */
export interface ProcessorEndpoints {
  stripeApiBase?: string;
  adyenCheckoutBase?: string;
  /** How long Kassa waits for a processor's answer once the request is sent (KASSA_PROCESSOR_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface ProcessorConfig {
  /** PUBLIC_URL, for approval and return links. */
  publicUrl: string;
  /** Decrypted credentials of the merchant's connection (in memory only). */
  credentials: Readonly<Record<string, string>>;
  endpoints: ProcessorEndpoints;
  clock: Clock;
}

export interface ProviderDefinition {
  kind: ConnectionKind;
  /** Stored on connections and transactions. */
  id: string;
  displayName: string;
  description: string;
  isSandbox: boolean;
  credentialFields: readonly CredentialField[];
  /** A real processor's check calls its API, at the configured base URL when one is set. */
  verifyCredentials(
    credentials: Readonly<Record<string, string>>,
    endpoints?: ProcessorEndpoints,
  ): Promise<VerificationResult>;
  /**
   * Test or live, read from the credentials (Stripe's sk_test_/sk_live_, Adyen's TEST/LIVE
   * environment); the sandbox is always test. A payment carries its connection's mode.
   */
  modeOf(credentials: Readonly<Record<string, string>>): PaymentMode;
  /** How long the processor holds an uncaptured authorization (7 days unless it says otherwise). */
  authorizationWindowDays?: number;
  /** Payment services and digital wallets move money through a PaymentProvider. */
  createProcessor?(config: ProcessorConfig): PaymentProvider;
}

const sandboxKeyField: CredentialField = {
  name: 'secret_key',
  label: 'Secret key',
  secret: true,
  placeholder: 'sk_test_…',
};

/** Required fields first, then the provider's own check: a clear message for the merchant either way. */
async function verifyWith(
  fields: readonly CredentialField[],
  credentials: Readonly<Record<string, string>>,
  check: (credentials: Readonly<Record<string, string>>) => VerificationResult,
): Promise<VerificationResult> {
  const missing = fields.filter((field) => !credentials[field.name]?.trim());
  if (missing.length > 0) {
    const labels = missing.map((f) => f.label);
    const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
    return { ok: false, message: `Enter the ${list}.` };
  }
  return check(credentials);
}

function sandbox(entry: Omit<ProviderDefinition, 'isSandbox' | 'verifyCredentials' | 'modeOf'>): ProviderDefinition {
  return {
    ...entry,
    isSandbox: true,
    modeOf: () => 'test',
    verifyCredentials: (credentials) =>
      verifyWith(entry.credentialFields, credentials, (c) => verifySandboxSecretKey(c.secret_key)),
  };
}

export const PROVIDERS: readonly ProviderDefinition[] = [
  sandbox({
    kind: 'payment_service',
    id: SANDBOX_PROVIDER_ID,
    displayName: 'Kassa Sandbox Processor',
    description: 'Test-mode card processor with the documented test cards. No real money moves.',
    credentialFields: [
      { name: 'account_id', label: 'Account ID', secret: false, placeholder: 'acct_test_…' },
      sandboxKeyField,
    ],
    createProcessor: ({ publicUrl }) => createSandboxProcessor({ publicUrl }),
  }),
  sandbox({
    kind: 'gift_card',
    id: 'sandbox_gift_card',
    displayName: 'Kassa Sandbox Gift Cards',
    description: 'Gift cards with a code, a PIN and a balance; partial redemption.',
    credentialFields: [sandboxKeyField],
  }),
  sandbox({
    kind: 'digital_wallet',
    id: 'sandbox_wallet',
    displayName: 'Kassa Sandbox Wallet',
    description: 'A wallet / bank-redirect method: the buyer approves each payment on an approval page.',
    credentialFields: [{ name: 'merchant_id', label: 'Wallet merchant ID', secret: false }, sandboxKeyField],
    createProcessor: ({ publicUrl }) => createSandboxProcessor({ publicUrl }),
  }),
  sandbox({
    kind: 'anti_fraud',
    id: 'sandbox_anti_fraud',
    displayName: 'Kassa Sandbox Risk Rules',
    description: 'Velocity per card and e-mail, amount ceiling and country checks: approve, review or decline.',
    credentialFields: [sandboxKeyField],
  }),
  {
    kind: 'payment_service',
    id: STRIPE_PROVIDER_ID,
    displayName: 'Stripe',
    description:
      'Cards through Stripe PaymentIntents: authorize and capture, refunds, 3-D Secure, disputes by webhook. Test or live by the key.',
    isSandbox: false,
    credentialFields: [
      { name: 'secret_key', label: 'Secret key', secret: true, placeholder: 'sk_live_… or sk_test_…' },
      { name: 'webhook_secret', label: 'Webhook signing secret (optional)', secret: true, placeholder: 'whsec_…' },
    ],
    modeOf: stripeModeOf,
    verifyCredentials: (credentials, endpoints) =>
      verifyStripeCredentials(credentials, { apiBase: endpoints?.stripeApiBase }),
    createProcessor: ({ publicUrl, credentials, endpoints }) =>
      createStripeProcessor({
        publicUrl,
        secretKey: credentials.secret_key ?? '',
        apiBase: endpoints.stripeApiBase,
        timeoutMs: endpoints.timeoutMs,
      }),
  },
  {
    kind: 'payment_service',
    id: ADYEN_PROVIDER_ID,
    displayName: 'Adyen',
    description:
      'Card payments through Adyen Checkout: authorise and capture later, refunds, 3-D Secure, signed webhooks.',
    isSandbox: false,
    credentialFields: ADYEN_CREDENTIAL_FIELDS,
    modeOf: adyenModeOf,
    verifyCredentials: (credentials, endpoints) => verifyAdyenCredentials(credentials, endpoints ?? {}),
    createProcessor: ({ publicUrl, credentials, endpoints, clock }) =>
      createAdyenProcessor({
        publicUrl,
        credentials,
        endpoints,
        now: () => clock.now(),
        transport: endpoints.timeoutMs ? { responseTimeoutMs: endpoints.timeoutMs } : undefined,
      }),
  },
];

/** Providers of one kind, sandbox first (the built-in ones lead the list). */
export function providersOfKind(kind: ConnectionKind): ProviderDefinition[] {
  return PROVIDERS.filter((p) => p.kind === kind).sort((a, b) => Number(b.isSandbox) - Number(a.isSandbox));
}

export function findProvider(kind: ConnectionKind, id: string): ProviderDefinition | undefined {
  return PROVIDERS.find((p) => p.kind === kind && p.id === id);
}

const DEFAULT_AUTHORIZATION_WINDOW_DAYS = 7;

/** When an authorization made now through this provider lapses unless it is captured. */
export function authorizationExpiry(providerId: string, authorizedAt: Date): Date {
  const days = findProcessorDefinition(providerId)?.authorizationWindowDays ?? DEFAULT_AUTHORIZATION_WINDOW_DAYS;
  return new Date(authorizedAt.getTime() + days * 86_400_000);
}

/** The definition that moves money for a provider id stored on a transaction. */
export function findProcessorDefinition(id: string): ProviderDefinition | undefined {
  return PROVIDERS.find((p) => p.id === id && p.createProcessor);
}
