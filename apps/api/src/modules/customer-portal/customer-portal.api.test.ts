// The customer portal (docs/product-rules.md#customer-portal): the e-mailed one-time sign-in link, the
// portal's own cookie session, and that it reaches one customer of one merchant and nothing else — no
// other customer's data, no merchant route, and no merchant token or API key on its routes.
import { CUSTOMER_PORTAL_COOKIE, CUSTOMER_PORTAL_LINK_SENT } from '@kassa/contract/customer-portal';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardOnFile } from '../../../test/factories/subscriptions.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createSignedInShop } from '../../../test/payments/shop.ts';
import type { TestSession } from '../../../test/session.ts';
import { newBuyerAddress } from '../../../test/support/checkout.ts';
import {
  askSignInLink,
  createPortalCustomer,
  mailedSignInToken,
  merchantResult,
  signInToPortal,
  subscribeMonthly,
  useSignInLink,
} from '../../../test/support/customer-portal.ts';
import { customerPortalSessions, merchants } from '../../db/schema.ts';
import { HOUR, MINUTE } from '../../lib/clock.ts';

let t: TestApp;
let owner: TestSession;
let other: TestSession;
let merchantId: string;
let otherMerchantId: string;
let productId: string;
let apiKey: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, merchantId, productId } = await createSignedInShop(t, { name: 'Gym & Co', pricePerUnit: 2_500 }));
  ({ owner: other, merchantId: otherMerchantId } = await createSignedInShop(t, {
    name: 'Other shop',
    pricePerUnit: 100,
  }));
  const key = await t.app.inject({
    method: 'POST',
    url: '/apiv1/developers/api-keys/',
    headers: owner.auth,
    payload: { name: 'server', mode: 'test', scopes: ['customers:write'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = { authorization: `Bearer ${key.json().result.secret}` };
}, 180_000);
afterAll(() => t.close());

const mine = () => ({ owner, merchantId });
const portalCookies = async (email: string) => (await signInToPortal(t, merchantId, email)).cookies;

function cookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === CUSTOMER_PORTAL_COOKIE);
  expect(cookie, res.body).toBeTruthy();
  return cookie!;
}

const portal = (
  cookies: Record<string, string> | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: `/apiv1/customer-portal${url}`, cookies, headers });

describe('signing in with an e-mailed link', () => {
  it('mails a link to a known customer, answers an unknown address the same, and the link opens a session', async () => {
    const c = await createPortalCustomer(t, mine());
    const known = await askSignInLink(t, merchantId, c.email.toUpperCase());
    const unknown = await askSignInLink(t, merchantId, 'nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(CUSTOMER_PORTAL_LINK_SENT);
    expect(t.mail.lastTo('nobody@example.com')).toBeUndefined();
    // Another merchant's form does not know this merchant's customer.
    const before = t.mail.sent.length;
    await askSignInLink(t, otherMerchantId, c.email);
    expect(t.mail.sent.length).toBe(before);

    const res = await useSignInLink(t, mailedSignInToken(t, c.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ merchant_id: merchantId });
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/apiv1/customer-portal/' });
    const me = await portal({ [CUSTOMER_PORTAL_COOKIE]: cookie.value }, 'GET', '/me/');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().result).toMatchObject({
      merchant_id: merchantId,
      merchant_name: 'Gym & Co',
      customer_email: c.email,
      may_cancel: true,
    });
  });

  it('refuses a used link, an expired link and a made-up one, in words', async () => {
    const c = await createPortalCustomer(t, mine());
    await askSignInLink(t, merchantId, c.email);
    const token = mailedSignInToken(t, c.email);
    expect((await useSignInLink(t, token)).statusCode).toBe(200);
    const again = await useSignInLink(t, token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This sign-in link has expired or was already used. Ask for a new one.');

    await askSignInLink(t, merchantId, c.email);
    const late = mailedSignInToken(t, c.email);
    t.clock.advance(31 * MINUTE);
    try {
      expect((await useSignInLink(t, late)).statusCode).toBe(422);
    } finally {
      t.clock.advance(-31 * MINUTE);
    }
    const madeUp = await useSignInLink(t, 'x'.repeat(43));
    expect(madeUp.statusCode).toBe(422);
    const malformed = await useSignInLink(t, '<script>');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('This sign-in link is not valid');
  });

  it('limits sign-in links per address and e-mail', async () => {
    const c = await createPortalCustomer(t, mine());
    const from = newBuyerAddress();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await askSignInLink(t, merchantId, c.email, { remoteAddress: from })).statusCode);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });

  it('20 parallel uses of one link start exactly one session, three times over', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await createPortalCustomer(t, mine());
      await askSignInLink(t, merchantId, c.email);
      const token = mailedSignInToken(t, c.email);
      const answers = await Promise.all(Array.from({ length: 20 }, () => useSignInLink(t, token)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
      const sessions = await t.ctx.db
        .select()
        .from(customerPortalSessions)
        .where(eq(customerPortalSessions.customerId, c.id));
      expect(sessions).toHaveLength(1);
    }
  });

  it('signs out, and a session ends by itself after 12 hours', async () => {
    const c = await createPortalCustomer(t, mine());
    const cookies = await portalCookies(c.email);
    expect((await portal(cookies, 'GET', '/me/')).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + MINUTE);
    try {
      const expired = await portal(cookies, 'GET', '/me/');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('You are signed out. Ask for a new sign-in link.');
    } finally {
      t.clock.advance(-(12 * HOUR + MINUTE));
    }
    expect((await portal(cookies, 'POST', '/sign-out/')).statusCode).toBe(200);
    expect((await portal(cookies, 'GET', '/me/')).statusCode).toBe(401);
  });

  it('lets the merchant send or copy a portal link from the customer, with the customers:write scope', async () => {
    const c = await createPortalCustomer(t, mine());
    const copied = await t.app.inject({
      method: 'POST',
      url: `/apiv1/customer/${c.id}/portal-link/`,
      headers: apiKey,
      payload: { send_email: false },
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().result.sent_to).toBeNull();
    const token = /\/billing\/sign-in\/([\w-]+)$/.exec(copied.json().result.url)?.[1];
    expect((await useSignInLink(t, token!)).statusCode).toBe(200);

    const sent = await merchantResult(t, owner, 'POST', `/customer/${c.id}/portal-link/`, {});
    expect(sent.sent_to).toBe(c.email);
    expect(t.mail.lastTo(c.email)?.text).toContain(sent.url);
    // Another merchant cannot mint a link for this customer.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/apiv1/customer/${c.id}/portal-link/`,
      headers: other.auth,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a separate, least-privilege session', () => {
  it('portal routes refuse a merchant token and an API key; merchant routes refuse the portal cookie', async () => {
    const c = await createPortalCustomer(t, mine());
    const cookies = await portalCookies(c.email);
    for (const headers of [owner.auth, apiKey]) {
      const res = await portal(undefined, 'GET', '/subscriptions/', headers);
      expect(res.statusCode).toBe(401);
    }
    const merchantRoute = await t.app.inject({ method: 'GET', url: `/apiv1/customer/${c.id}/`, cookies });
    expect(merchantRoute.statusCode).toBe(401);
    const cards = await t.app.inject({ method: 'GET', url: `/apiv1/customer/${c.id}/payment-method/`, cookies });
    expect(cards.statusCode).toBe(401);
  });

  it('answers another customer’s subscription, card and receipt as not found, also another merchant’s', async () => {
    const me = await createPortalCustomer(t, mine());
    const them = await createPortalCustomer(t, mine());
    const foreign = await createPortalCustomer(t, { owner: other, merchantId: otherMerchantId });
    const theirs = await subscribeMonthly(t, owner, productId, them.id);
    const cookies = await portalCookies(me.email);
    const cancel = await portal(cookies, 'POST', `/subscriptions/${theirs.id}/cancel/`);
    expect(cancel.statusCode).toBe(404);
    expect((await portal(cookies, 'DELETE', `/cards/${them.cardId}/`)).statusCode).toBe(404);
    expect((await portal(cookies, 'DELETE', `/cards/${foreign.cardId}/`)).statusCode).toBe(404);
    expect((await portal(cookies, 'POST', `/cards/${foreign.cardId}/default/`)).statusCode).toBe(404);
    const receipts = (await portal(cookies, 'GET', '/receipts/')).json().result;
    expect(receipts).toEqual([]);
    const invoicesOfThem = (await portal(cookies, 'GET', '/invoices/')).json().result;
    expect(invoicesOfThem).toEqual([]);
    const theirReceipt = await t.app.inject({
      method: 'GET',
      url: `/apiv1/customer-portal/receipts/${crypto.randomUUID()}/pdf/`,
      cookies,
    });
    expect(theirReceipt.statusCode).toBe(404);
    expect((await portal(cookies, 'GET', '/subscriptions/')).json().result).toEqual([]);
  });
});

describe('what the customer sees and does', () => {
  it('lists the subscription with its invoice and receipt, and cancels it at the end of the period', async () => {
    const c = await createPortalCustomer(t, mine());
    const sub = await subscribeMonthly(t, owner, productId, c.id);
    const cookies = await portalCookies(c.email);
    const subs = (await portal(cookies, 'GET', '/subscriptions/')).json().result;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ id: sub.id, status: 'active', amount: 3_000, cancel_at_period_end: false });
    const invoices = (await portal(cookies, 'GET', '/invoices/')).json().result;
    expect(invoices).toHaveLength(1);
    expect(invoices[0].public_url).toMatch(/\/invoice\/copy\//);
    const receipts = (await portal(cookies, 'GET', '/receipts/')).json().result;
    expect(receipts).toHaveLength(1);
    const pdf = await t.app.inject({ method: 'GET', url: receipts[0].pdf_url, cookies });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const canceled = await portal(cookies, 'POST', `/subscriptions/${sub.id}/cancel/`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().result).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const seen = await merchantResult(t, owner, 'GET', `/subscription/${sub.id}/`);
    expect(seen.cancel_at_period_end).toBe(true);
  });

  it('refuses the cancel when the merchant does not allow it', async () => {
    const c = await createPortalCustomer(t, mine());
    const sub = await subscribeMonthly(t, owner, productId, c.id);
    const cookies = await portalCookies(c.email);
    await t.ctx.db.update(merchants).set({ customersMayCancel: false }).where(eq(merchants.id, merchantId));
    try {
      const res = await portal(cookies, 'POST', `/subscriptions/${sub.id}/cancel/`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('To cancel this subscription, contact the merchant.');
      expect((await portal(cookies, 'GET', '/me/')).json().result.may_cancel).toBe(false);
    } finally {
      await t.ctx.db.update(merchants).set({ customersMayCancel: true }).where(eq(merchants.id, merchantId));
    }
  });

  it('makes a card the default, removes one, and hands out the add-card page', async () => {
    const c = await createPortalCustomer(t, mine());
    const second = await createCardOnFile(t.ctx.db, merchantId, c.id);
    const cookies = await portalCookies(c.email);
    let cards = (await portal(cookies, 'GET', '/cards/')).json().result;
    expect(cards.map((card: { id: string }) => card.id)).toEqual([second.id, c.cardId]);
    expect(cards[0].is_default).toBe(true);
    expect(cards[0]).not.toHaveProperty('fingerprint');

    const made = await portal(cookies, 'POST', `/cards/${c.cardId}/default/`);
    expect(made.statusCode, made.body).toBe(200);
    cards = made.json().result;
    expect(cards.find((card: { is_default: boolean }) => card.is_default).id).toBe(c.cardId);

    const removed = await portal(cookies, 'DELETE', `/cards/${second.id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await portal(cookies, 'GET', '/cards/')).json().result).toHaveLength(1);

    const add = await portal(cookies, 'POST', '/cards/add-link/');
    expect(add.statusCode).toBe(200);
    expect(add.json().result.url).toMatch(/\/card\/add\//);
  });

  it('shows whose portal it is before sign-in, and an unknown merchant in words', async () => {
    const brand = await t.app.inject({ method: 'GET', url: `/apiv1/customer-portal/merchant/${merchantId}/` });
    expect(brand.json().result).toMatchObject({ merchant_id: merchantId, merchant_name: 'Gym & Co' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/apiv1/customer-portal/merchant/${crypto.randomUUID()}/`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This billing page does not exist. Check the address the merchant gave you.');
  });
});
