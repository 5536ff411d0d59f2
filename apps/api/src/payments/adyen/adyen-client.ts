// The merchant's Adyen connection as the SDK needs it: credentials read and checked once, the
// Checkout services built on Kassa's transport, and pointed at KASSA_ADYEN_CHECKOUT_BASE when set.
import type { CheckoutAPI } from '@adyen/api-library';
import { businessRule, conflict, invalid } from '../../lib/app-error.ts';
import type { PaymentMode } from '../provider.ts';
import type { CredentialField, ProcessorEndpoints } from '../registry.ts';
import { adyenSdk } from './adyen-sdk.ts';
import { type AdyenTransportOptions, createAdyenTransport } from './adyen-transport.ts';

export const ADYEN_PROVIDER_ID = 'adyen';

export const ADYEN_CREDENTIAL_FIELDS: readonly CredentialField[] = [
  { name: 'api_key', label: 'API key', secret: true, placeholder: 'AQE…' },
  { name: 'merchant_account', label: 'Merchant account', secret: false, placeholder: 'YourCompanyECOM' },
  { name: 'environment', label: 'Environment', secret: false, placeholder: 'TEST or LIVE' },
  { name: 'hmac_key', label: 'Webhook HMAC key', secret: true, placeholder: '64 hexadecimal characters' },
  {
    name: 'live_endpoint_prefix',
    label: 'Live endpoint prefix (LIVE only)',
    secret: false,
    placeholder: '1797a841fbb37ca7-YourCompany',
  },
];

export interface AdyenCredentials {
  apiKey: string;
  merchantAccount: string;
  environment: 'TEST' | 'LIVE';
  hmacKey: string;
  liveEndpointPrefix?: string;
}

/** Why the credentials cannot be used, in the merchant's words; null when they are complete. */
export function adyenCredentialsProblem(credentials: Readonly<Record<string, string>>): string | null {
  const value = (name: string) => credentials[name]?.trim() ?? '';
  const missing = ['api_key', 'merchant_account', 'environment', 'hmac_key']
    .filter((name) => !value(name))
    .map((name) => ADYEN_CREDENTIAL_FIELDS.find((f) => f.name === name)!.label);
  if (missing.length > 0) {
    const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0];
    return `Enter the ${list}.`;
  }
  if (!['TEST', 'LIVE'].includes(value('environment').toUpperCase())) {
    return 'The environment is TEST or LIVE.';
  }
  if (!/^[0-9a-fA-F]{64}$/.test(value('hmac_key'))) {
    return 'The HMAC key is the 64-character hexadecimal key shown in your webhook settings in the Adyen Customer Area.';
  }
  if (value('environment').toUpperCase() === 'LIVE' && !/^[A-Za-z0-9-]{3,100}$/.test(value('live_endpoint_prefix'))) {
    return 'A LIVE connection needs the live endpoint prefix shown under Developers › API URLs in the Customer Area.';
  }
  return null;
}

export function readAdyenCredentials(credentials: Readonly<Record<string, string>>): AdyenCredentials {
  const problem = adyenCredentialsProblem(credentials);
  if (problem) throw new Error(`Adyen credentials incomplete: ${problem}`);
  return {
    apiKey: credentials.api_key!.trim(),
    merchantAccount: credentials.merchant_account!.trim(),
    environment: credentials.environment!.trim().toUpperCase() as 'TEST' | 'LIVE',
    hmacKey: credentials.hmac_key!.trim(),
    liveEndpointPrefix: credentials.live_endpoint_prefix?.trim() || undefined,
  };
}

export const adyenModeOf = (credentials: Readonly<Record<string, string>>): PaymentMode =>
  credentials.environment?.trim().toUpperCase() === 'LIVE' ? 'live' : 'test';

export interface AdyenCheckout {
  payments: InstanceType<typeof CheckoutAPI>['PaymentsApi'];
  modifications: InstanceType<typeof CheckoutAPI>['ModificationsApi'];
  /** Tokens: GET and DELETE /storedPaymentMethods. */
  recurring: InstanceType<typeof CheckoutAPI>['RecurringApi'];
}

/**
 * The SDK builds each service's URL from its environment (checkout-test.adyen.com, or the live URL
 * with the merchant's prefix) and offers no setting to replace it; each service keeps it in a
 * `baseUrl` property, which is set here — keeping the SDK's own API version — when a base is
 * configured. (CheckoutAPI's getters build a new service on every access, so the two are kept.)
 */
export function createAdyenCheckout(
  credentials: AdyenCredentials,
  endpoints: ProcessorEndpoints,
  transport: AdyenTransportOptions = {},
): AdyenCheckout {
  const { CheckoutAPI, Client, Config, EnvironmentEnum } = adyenSdk();
  const config = new Config({
    apiKey: credentials.apiKey,
    environment: credentials.environment === 'LIVE' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    liveEndpointUrlPrefix: credentials.liveEndpointPrefix,
  });
  const checkout = new CheckoutAPI(new Client(config, createAdyenTransport(transport)));
  const services = {
    payments: checkout.PaymentsApi,
    modifications: checkout.ModificationsApi,
    recurring: checkout.RecurringApi,
  };
  const base = endpoints.adyenCheckoutBase?.replace(/\/+$/, '');
  if (base) {
    for (const service of Object.values(services)) {
      const internals = service as unknown as { baseUrl: string; API_BASEPATH: string };
      internals.baseUrl = `${base}${new URL(internals.API_BASEPATH).pathname}`;
    }
  }
  return services;
}

/** Runs an SDK call; Adyen's 4xx answers become errors a person understands. */
export async function callAdyen<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof adyenSdk().HttpClientException)) throw error;
    const code = error.errorCode ?? error.apiError?.errorCode;
    if (error.statusCode === 401 || error.statusCode === 403) {
      throw businessRule('This merchant cannot take card payments right now: Adyen refused its credentials.');
    }
    if (code === '101') throw invalid('card.number', 'Invalid card number.');
    if (code === '129') throw invalid('card.expiry', 'Invalid or past expiry date.');
    if (code === '103') throw invalid('card.cvv', 'The security code has the wrong length.');
    if (code === '167') throw conflict('Adyen does not know this payment.');
    // The token (or every token of the shopper) is gone: deleted at Adyen or never stored there.
    if (code === '800' || code === '803') throw businessRule('This saved card is no longer kept at Adyen.');
    throw businessRule(`The payment service could not process this request (Adyen error ${code ?? error.statusCode}).`);
  }
}
