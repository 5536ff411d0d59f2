// A typed client for the Kassa API: every path, body and answer type comes from the OpenAPI
// document the API serves (see kassa-api.ts), through openapi-fetch. Authenticate with a merchant
// API key (`sk_test_…` / `sk_live_…`, made on the Developers page); writes take an Idempotency-Key
// so a retried request is answered once.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './kassa-api.ts';

export type { components, operations, paths } from './kassa-api.ts';

export interface KassaClientOptions {
  /** The Kassa server, e.g. https://pay.example.com (the API lives under /apiv1). */
  baseUrl: string;
  /** A merchant API key. */
  apiKey: string;
  /** For tests or other runtimes; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

export type KassaClient = Client<paths>;

export function createKassaClient({ baseUrl, apiKey, fetch }: KassaClientOptions): KassaClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}

/** A fresh Idempotency-Key header for one write; reuse the same object when retrying that write. */
export const idempotencyKey = () => ({ 'idempotency-key': crypto.randomUUID() });
