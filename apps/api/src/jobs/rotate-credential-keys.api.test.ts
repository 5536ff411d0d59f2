import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/factories/merchants.ts';
import { createProduct } from '../../test/factories/sellables.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createSignedInUser, signIn, type TestSession } from '../../test/session.ts';
import { openCheckout } from '../../test/support/checkout.ts';
import { enrolTotp } from '../../test/totp.ts';
import {
  embedSettings,
  financialConnections,
  industryTypes,
  providerConnections,
  userTotp,
  webhookEndpoints,
} from '../db/schema.ts';
import { deriveKeys, sealedVersion } from '../lib/keys.ts';
import { openTotpSecret } from '../modules/auth/totp.service.ts';
import { openCredentials } from '../modules/connections/connections.service.ts';
import { signingSecrets } from '../modules/webhooks/webhooks.service.ts';
import { rotateCredentialKeys } from './rotate-credential-keys.ts';

const OLD_ROOT = 'old-root-secret-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const NEW_ROOT = 'new-root-secret-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const KEY = 'sk_test_rotation00001234';

let t: TestApp;
let merchantId: string;
let owner: TestSession & { account: { email: string; password: string } };
let connectionId: string;
let partnerId: string;
let embedToken: string;
let apiKeySecret: string;
let productId: string;
let webhook: { id: string; secret: string };
let totp: { userId: string; secret: string };

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.keys = deriveKeys(OLD_ROOT);
  merchantId = (await createMerchant(t.ctx.db, { allowConnections: true })).id;
  productId = (await createProduct(t.ctx.db, merchantId, { pricePerUnit: 1_000 })).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId });
  const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
  totp = { userId: admin.user.id, secret: (await enrolTotp(t, admin.auth)).secret };
  const inject = (s: TestSession, method: 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/apiv1${url}`, payload, headers: s.auth });

  connectionId = (
    await inject(owner, 'POST', '/connection/merchant-connection/', {
      kind: 'gift_card',
      provider: 'sandbox_gift_card',
      credentials: { secret_key: KEY },
    })
  ).json().result.id;
  const [industry] = await t.ctx.db.insert(industryTypes).values({ name: 'Retail' }).returning();
  partnerId = (
    await inject(admin, 'POST', '/admin/merchant/financial-connection/', {
      name: 'Partner',
      sso_url: 'https://partner.example/sso',
      shared_secret: 'partner-secret-rotation-0000',
      industry_type_ids: [industry!.id],
    })
  ).json().result.id;
  embedToken = (
    await inject(owner, 'POST', '/auth/embed-data/', { allowed_domains: ['localhost'], allowed_segments: ['PR'] })
  ).json().result.embed_token;
  apiKeySecret = (
    await inject(owner, 'POST', '/developers/api-keys/', { name: 'Shop', mode: 'test', scopes: ['embed:write'] })
  ).json().result.secret;
  await inject(owner, 'POST', '/gift-card/', { code: 'ROTA-0001', pin: '2468', balance: 5_000, currency: 'USD' });
  webhook = (
    await inject(owner, 'POST', '/developers/webhook-endpoints/', { url: 'https://hooks.example.com/', events: 'all' })
  ).json().result;
});
afterAll(() => t.close());

async function rows() {
  const [conn] = await t.ctx.db.select().from(providerConnections).where(eq(providerConnections.id, connectionId));
  const [partner] = await t.ctx.db.select().from(financialConnections).where(eq(financialConnections.id, partnerId));
  const [embed] = await t.ctx.db.select().from(embedSettings).where(eq(embedSettings.merchantId, merchantId));
  return { conn: conn!, partner: partner!, embed: embed! };
}

describe('rotateCredentialKeys', () => {
  it('re-encrypts every sealed credential under the new key version', async () => {
    const before = await rows();
    expect(sealedVersion(before.conn.credentials.secret_key!)).toBe(1);
    // A tampered row is reported and left as it is.
    const [broken] = await t.ctx.db
      .insert(providerConnections)
      .values({
        merchantId,
        kind: 'anti_fraud',
        provider: 'sandbox_anti_fraud',
        enabled: false,
        credentials: { secret_key: before.conn.credentials.secret_key! },
      })
      .returning();

    t.ctx.keys = deriveKeys(NEW_ROOT, [OLD_ROOT]);
    const report = await rotateCredentialKeys(t.ctx);
    expect(report).toEqual({
      keyVersion: 2,
      providerConnections: 1,
      financialConnections: 1,
      embedTokens: 1,
      webhookSecrets: 1,
      totpSecrets: 1,
      unreadable: [`provider_connections/${broken!.id}`],
    });
    const [endpoint] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(sealedVersion(endpoint!.secretSealed)).toBe(2);
    expect(signingSecrets(t.ctx.keys, endpoint!, t.ctx.clock.now())).toEqual([webhook.secret]);
    const [app] = await t.ctx.db.select().from(userTotp).where(eq(userTotp.userId, totp.userId));
    expect(sealedVersion(app!.secret)).toBe(2);
    expect(openTotpSecret(t.ctx.keys, totp.userId, app!.secret)).toBe(totp.secret);

    const after = await rows();
    expect(after.conn.keyVersion).toBe(2);
    expect(sealedVersion(after.conn.credentials.secret_key!)).toBe(2);
    expect(sealedVersion(after.partner.sharedSecret)).toBe(2);
    expect(sealedVersion(after.embed.tokenCiphertext!)).toBe(2);
    expect(openCredentials(t.ctx.keys, merchantId, connectionId, after.conn.credentials)).toEqual({ secret_key: KEY });

    // Old-version ciphertexts still open while the old root is configured, and not without it.
    expect(openCredentials(t.ctx.keys, merchantId, connectionId, before.conn.credentials)).toEqual({ secret_key: KEY });
    expect(() => openCredentials(deriveKeys(NEW_ROOT), merchantId, connectionId, before.conn.credentials)).toThrow();

    const again = await rotateCredentialKeys(t.ctx);
    expect(again).toMatchObject({
      providerConnections: 0,
      financialConnections: 0,
      embedTokens: 0,
      webhookSecrets: 0,
      totpSecrets: 0,
    });
  });

  it('keeps everything working through the API under the new keys', async () => {
    // The token-signing key changed with the root: sessions start again.
    const s = await signIn(t, owner.account.email, owner.account.password);
    const conn = await t.app.inject({
      method: 'GET',
      url: `/apiv1/connection/merchant-connection/${connectionId}/`,
      headers: s.auth,
    });
    expect(conn.json().result.credentials.secret_key).toBe('sk_test_••••1234');
    const embed = await t.app.inject({ method: 'GET', url: '/apiv1/auth/embed-data/', headers: s.auth });
    expect(embed.json().result[0].embed_token).toBe(embedToken);
    // API keys made before the rotation keep working: merchants deployed them.
    const session = await t.app.inject({
      method: 'POST',
      url: '/apiv1/embed/sessions/',
      headers: { authorization: `Bearer ${apiKeySecret}` },
      payload: { domain: 'localhost' },
    });
    expect(session.statusCode, session.body).toBe(201);
    const callback = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/embed-callback/',
      headers: { origin: 'http://localhost:8082' },
      payload: { token: session.json().result.token, merchant_id: merchantId },
    });
    expect(callback.statusCode).toBe(200);

    // A gift card PIN hashed under key version 1 still verifies.
    const checkout = await openCheckout(t, { product: productId });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/apiv1/pay/charge/',
      payload: {
        token: checkout.token_card,
        method: 'card',
        billing: { firstName: 'A', lastName: 'B', emailAddress: 'a@b.example' },
        gift_card: { code: 'ROTA-0001', pin: '2468' },
      },
    });
    expect(paid.json().result).toMatchObject({ status: 'capture_succeeded', method: 'gift_card' });
  });
});
