// The people and objects the matrix tests act with: a platform admin, a staff admin with no view
// flags, and two merchants A and B, each with an owner, a sub-user without any app access and one of
// every object that has an id route. Sign-in is rate limited per e-mail (10 per 15 minutes), so
// every session is made once here and reused by all tests of a file.
import { ROLE } from '@kassa/contract/access';
import { passkeys } from '../../src/db/schema.ts';
import { createMerchant, type MerchantOverrides } from '../factories/merchants.ts';
import { createSavedCard } from '../factories/saved-cards.ts';
import { createInvoice, createProduct, createQuickPayment } from '../factories/sellables.ts';
import { createTransaction } from '../factories/transactions.ts';
import { createUser } from '../factories/users.ts';
import type { TestApp } from '../helper.ts';
import { createSignedInUser, type TestSession } from '../session.ts';
import type { RouteInfo } from './routes.ts';

export interface Tenant {
  merchantId: string;
  owner: TestSession;
  /** Role 3 with an empty access list: every merchant app must refuse it. */
  noAccessSubUser: TestSession;
  /** Ids of this merchant's objects, by kind. */
  ids: Record<string, string>;
}

export interface World {
  admin: TestSession;
  staffNoFlags: TestSession;
  a: Tenant;
  b: Tenant;
  /** Platform objects only admins reach (industry type, financing partner, staff admin user). */
  platformIds: Record<string, string>;
  /** A real secret the world stored, to prove it never comes back in clear. */
  secrets: string[];
}

const SANDBOX_KEY = 'sk_test_matrixSecretKey9f2c';
const PARTNER_SECRET = 'partner-shared-secret-matrix-7f3e9a';

/** POST through the API when the route is registered (modules still being built may not be). */
async function createVia(
  t: TestApp,
  routes: RouteInfo[],
  session: TestSession,
  url: string,
  payload: object,
): Promise<string | null> {
  if (!routes.some((r) => r.method === 'POST' && r.url === url)) return null;
  const res = await t.app.inject({ method: 'POST', url, payload, headers: session.auth });
  if (res.statusCode >= 300) throw new Error(`world: POST ${url} → ${res.statusCode} ${res.body}`);
  return res.json().result.id as string;
}

/** A merchant with an owner, a sub-user without access and one of every object (see Tenant). */
export async function buildTenant(
  t: TestApp,
  routes: RouteInfo[],
  name: string,
  overrides: MerchantOverrides = {},
): Promise<Tenant> {
  const merchant = await createMerchant(t.ctx.db, { name, allowConnections: true, ...overrides });
  const owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
  const noAccessSubUser = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId: merchant.id });
  const staff = await createUser(t.ctx.db, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
  const ids: Record<string, string> = {
    merchant: merchant.id,
    owner: owner.user.id,
    subUser: noAccessSubUser.user.id,
    staffUser: staff.id,
    product: (await createProduct(t.ctx.db, merchant.id)).id,
    quickPayment: (await createQuickPayment(t.ctx.db, merchant.id)).id,
    invoice: (await createInvoice(t.ctx.db, merchant.id)).id,
    draftInvoice: (await createInvoice(t.ctx.db, merchant.id, { status: 'draft' })).id,
    transaction: (await createTransaction(t.ctx.db, merchant.id)).id,
  };
  const connection = await createVia(t, routes, owner, '/apiv1/connection/merchant-connection/', {
    kind: 'payment_service',
    provider: 'sandbox',
    credentials: { account_id: 'acct_test_matrix', secret_key: SANDBOX_KEY },
  });
  if (connection) ids.connection = connection;
  const giftCardConnection = await createVia(t, routes, owner, '/apiv1/connection/merchant-connection/', {
    kind: 'gift_card',
    provider: 'sandbox_gift_card',
    credentials: { secret_key: SANDBOX_KEY },
  });
  if (giftCardConnection) ids.giftCardConnection = giftCardConnection;
  const customer = await createVia(t, routes, owner, '/apiv1/customer/', {
    name: `${name} customer`,
    // An e-mail to send to: a recurring invoice bills only a customer who has one.
    email: 'matrix.customer@example.com',
    mode: 'test',
  });
  if (customer) {
    ids.customer = customer;
    ids.savedCard = (await createSavedCard(t.ctx.db, merchant.id, customer)).id;
    const recurringInvoice = await createVia(t, routes, owner, '/apiv1/recurring-invoice/', {
      customer_id: customer,
      currency: 'USD',
      items: [{ item_type: 2, item_name: 'Matrix service', quantity: 1, price: 1_000 }],
      interval: 'month',
      start_date: '2099-01-31',
    });
    if (recurringInvoice) ids.recurringInvoice = recurringInvoice;
  }
  const price = await createVia(t, routes, owner, '/apiv1/price/', {
    product_id: ids.product,
    amount: 1_500,
    currency: 'USD',
    interval: 'month',
    mode: 'test',
  });
  if (price) ids.price = price;
  const testClock = await createVia(t, routes, owner, '/apiv1/test-clock/', { frozen_time: '2030-01-01T00:00:00Z' });
  if (testClock) ids.testClock = testClock;
  if (price && customer) {
    const subscription = await createVia(t, routes, owner, '/apiv1/subscription/', {
      customer_id: customer,
      price_id: price,
      collection_method: 'send_invoice',
    });
    if (subscription) ids.subscription = subscription;
  }
  const giftCard = await createVia(t, routes, owner, '/apiv1/gift-card/', { balance: 5_000, currency: 'USD' });
  if (giftCard) ids.giftCard = giftCard;
  const apiKey = await createVia(t, routes, owner, '/apiv1/developers/api-keys/', {
    name: 'Matrix key',
    mode: 'test',
    scopes: ['products:read'],
  });
  if (apiKey) ids.apiKey = apiKey;
  return { merchantId: merchant.id, owner, noAccessSubUser, ids };
}

export async function buildWorld(t: TestApp, routes: RouteInfo[]): Promise<World> {
  const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
  const staffNoFlags = await createSignedInUser(t, { role: ROLE.STAFF_ADMIN, adminPermissions: {} });
  const a = await buildTenant(t, routes, 'Matrix A');
  const b = await buildTenant(t, routes, 'Matrix B');
  const platformIds: Record<string, string> = { staffAdmin: staffNoFlags.user.id, admin: admin.user.id };
  const industryType = await createVia(t, routes, admin, '/apiv1/connection/industry-type/', {
    name: 'Matrix industry',
  });
  if (industryType) {
    platformIds.industryType = industryType;
    const partner = await createVia(t, routes, admin, '/apiv1/admin/merchant/financial-connection/', {
      name: 'Matrix Lending',
      sso_url: 'https://partner.example.com/sso',
      industry_type_ids: [industryType],
      shared_secret: PARTNER_SECRET,
    });
    if (partner) platformIds.financingPartner = partner;
  }
  const secrets = [SANDBOX_KEY, PARTNER_SECRET];
  // An API key's secret is answered once, on creation: it must never come back from any read.
  if (routes.some((r) => r.method === 'POST' && r.url === '/apiv1/developers/api-keys/')) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiv1/developers/api-keys/',
      headers: a.owner.auth,
      payload: { name: 'Matrix secret key', mode: 'live', scopes: ['transactions:read'] },
    });
    secrets.push(res.json().result.secret as string);
  }
  // A well-formed PUT on a second-factor rule turns it on in passing; a passkey each keeps the
  // matrix's own users from being sent to enrol for the rest of the file.
  const people = [admin, staffNoFlags, a.owner, a.noAccessSubUser, b.owner, b.noAccessSubUser];
  await t.ctx.db.insert(passkeys).values(
    people.map((p) => ({
      userId: p.user.id,
      credentialId: `matrix-${p.user.id}`,
      publicKey: 'never-asserted',
      name: 'Matrix key',
    })),
  );
  return { admin, staffNoFlags, a, b, platformIds, secrets };
}

/** Every id the world holds, each with a label for messages. */
export const allIds = (w: World): [string, string][] => [
  ...Object.entries(w.a.ids).map(([k, v]): [string, string] => [`A.${k}`, v]),
  ...Object.entries(w.b.ids).map(([k, v]): [string, string] => [`B.${k}`, v]),
  ...Object.entries(w.platformIds).map(([k, v]): [string, string] => [`platform.${k}`, v]),
];

/**
 * For a route on `{id}`, the first candidate id that `session` can read through the route's GET twin
 * (same path) — so a request reaches a real object rather than a missing one. Null when the route
 * has no GET twin or none of the candidates is readable.
 */
export async function readableId(
  t: TestApp,
  session: TestSession,
  route: RouteInfo,
  routes: RouteInfo[],
  candidates: string[],
): Promise<string | null> {
  if (route.pathParams.join() !== 'id') return null;
  if (!routes.some((r) => r.method === 'GET' && r.url === route.url)) return null;
  for (const id of candidates) {
    const url = route.url.replace('{id}', id);
    const res = await t.app.inject({ method: 'GET', url, headers: session.auth });
    if (res.statusCode === 200) return id;
  }
  return null;
}
