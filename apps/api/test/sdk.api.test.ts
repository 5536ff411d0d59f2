// The typed SDK (packages/sdk) against a real listening server: its generated types match the
// document the API serves today (so a route change without `npm run sdk:generate` fails here), and
// a merchant's backend creates and reads a payment link with an API key, with the API's own errors.
import { readFileSync } from 'node:fs';
import { ROLE } from '@kassa/contract/access';
import { createKassaClient, idempotencyKey } from '@kassa/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, generateSdkFiles, TYPES_FILE } from '../../../packages/sdk/scripts/sdk-types.ts';
import { createMerchant } from './factories/merchants.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createSignedInUser, type TestSession } from './session.ts';

let t: TestApp;
let baseUrl: string;
let owner: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const merchant = await createMerchant(t.ctx.db, { name: 'Acme Outfitters' });
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
});
afterAll(() => t.close());

async function apiKey(scopes: string[]): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: 'Shop backend', mode: 'test', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.secret;
}

describe('the SDK', () => {
  it('has the document the API serves now, and types generated from it', async () => {
    const fresh = await generateSdkFiles();
    const hint = 'run `npm run sdk:generate` and commit packages/sdk/src';
    expect(fresh.types, hint).toBe(readFileSync(TYPES_FILE, 'utf8'));
    expect(fresh.document, hint).toBe(readFileSync(DOCUMENT_FILE, 'utf8'));
  }, 60_000);

  it('creates a payment link with an API key and reads it back', async () => {
    const kassa = createKassaClient({ baseUrl, apiKey: await apiKey(['payment_links:read', 'payment_links:write']) });
    const created = await kassa.POST('/apiv1/quick-payment/', {
      body: { name: 'Repair deposit', amount: 5_000, currency: 'USD', description: 'Parts on order' },
      headers: idempotencyKey(),
    });
    expect(created.response.status).toBe(201);
    const link = created.data?.result;
    expect(link?.amount).toBe(5_000);
    expect(link?.checkout_url).toContain(link?.id ?? 'missing');

    const read = await kassa.GET('/apiv1/quick-payment/{id}/', { params: { path: { id: link?.id ?? '' } } });
    expect(read.data?.result.name).toBe('Repair deposit');
  });

  it('gives the API’s error envelope when the key lacks the scope', async () => {
    const kassa = createKassaClient({ baseUrl, apiKey: await apiKey(['products:read']) });
    const refused = await kassa.POST('/apiv1/quick-payment/', {
      body: { name: 'Nope', amount: 100, currency: 'USD' },
      headers: idempotencyKey(),
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ status: 'error', message: expect.stringContaining('payment_links:write') });
  });
});
