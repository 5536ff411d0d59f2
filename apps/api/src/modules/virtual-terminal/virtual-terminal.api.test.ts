import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createProduct } from '../../../test/factories/sellables.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { terminalBilling } from '../../../test/support/buyer.ts';
import { openCheckout, payByCard, testCard } from '../../../test/support/checkout.ts';
import { createOwnedMerchant } from '../../../test/support/merchant-team.ts';

const body = (over: Record<string, unknown> = {}) => ({
  amount: 12_345,
  currency: 'EUR',
  description: 'Phone order #18',
  customer_first_name: 'Grace',
  customer_last_name: 'Hopper',
  customer_email: 'Grace@Example.com',
  ...over,
});

const open = (session: TestSession | null, payload: object = body()) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv1/virtual-terminal/checkout/',
    headers: session?.auth ?? {},
    payload,
  });

const t = await buildTestApp();
afterAll(() => t.close());
const { merchantId, owner } = await createOwnedMerchant(t, { country: 'DE' });
const { merchantId: otherMerchantId, owner: otherOwner } = await createOwnedMerchant(t);
const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId });
const clerkWithCreate = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.VIRTUAL_TERMINAL]: [1, 2] },
});
const clerkViewOnly = await createSignedInUser(t, {
  role: ROLE.MERCHANT_SUB_USER,
  merchantId,
  access: { [APP.VIRTUAL_TERMINAL]: [1], [APP.PRODUCTS]: [1, 2, 3, 4] },
});
const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });

describe('POST /virtual-terminal/checkout/', () => {
  it('opens a card-only session for the amount the merchant keyed in; the payment becomes its transaction', async () => {
    const res = await open(owner);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().result;
    expect(session).toMatchObject({
      merchant_id: merchantId,
      token: null,
      embed_data: null,
      embed_data_card: { amount: 12_345, currency: 'EUR', country: 'DE', intent: 'capture' },
    });
    expect(session.embed_data_card.metadata).toMatchObject({ customer_email_card: 'grace@example.com' });
    expect(typeof session.token_card).toBe('string');

    const charge = await payByCard(t, session.token_card, {
      card: testCard('4242 4242 4242 4242'),
      billing: terminalBilling,
    });
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.json().result).toMatchObject({ status: 'capture_succeeded', amount: 12_345, currency: 'EUR' });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/apiv1/transaction/${charge.json().result.id}/`,
      headers: owner.auth,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result).toMatchObject({
      source: 'virtual_terminal',
      amount: 12_345,
      description: 'Phone order #18',
      merchant_id: merchantId,
    });
  });

  it('lets staff and a sub-user with VT create in; refuses a sub-user with view only (403)', async () => {
    expect((await open(staff)).statusCode).toBe(200);
    expect((await open(clerkWithCreate)).statusCode).toBe(200);
    const refused = await open(clerkViewOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'forbidden' });
  });

  it('refuses anonymous callers (401) and admins, who have no merchant (403)', async () => {
    expect((await open(null)).statusCode).toBe(401);
    expect((await open(admin)).statusCode).toBe(403);
  });

  it('rejects invalid amounts, currencies and customers with field errors (400)', async () => {
    for (const amount of [0, -5, 12.5, 100_000_000, '10.00']) {
      const res = await open(owner, body({ amount }));
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('amount');
    }
    const res = await open(
      owner,
      body({ currency: 'XXQ', customer_email: 'not-an-email', customer_first_name: 'G'.repeat(81) }),
    );
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['currency', 'customer_email', 'customer_first_name']));
  });

  it('takes a keyed payment with no name or e-mail; a receipt asked for needs the e-mail (400)', async () => {
    const { address } = terminalBilling;
    const anonymous = await open(owner, { amount: 1_500, currency: 'EUR' });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const charge = await payByCard(t, anonymous.json().result.token_card, { billing: { address } });
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.json().result.status).toBe('capture_succeeded');

    const noEmail = await open(owner, { amount: 1_500, currency: 'EUR', email_receipt: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({
      request_id: expect.any(String),
      errors: [{ path: 'customer_email', message: 'Enter the e-mail address to send the receipt to' }],
    });

    const receipt = await open(owner, body({ email_receipt: true }));
    expect(receipt.statusCode, receipt.body).toBe(200);
    const blank = await payByCard(t, receipt.json().result.token_card, {
      billing: { firstName: '', lastName: '', emailAddress: ' ', address },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      request_id: expect.any(String),
      errors: [{ path: 'billing.emailAddress', message: 'Enter the e-mail address to send the receipt to.' }],
    });
    const paid = await payByCard(t, receipt.json().result.token_card, {
      billing: { emailAddress: 'grace@example.com', address },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('still refuses a product checkout without the buyer name and e-mail (400)', async () => {
    const product = await createProduct(t.ctx.db, merchantId);
    const { token_card } = await openCheckout(t, { product: product.id });
    const res = await payByCard(t, token_card, { billing: { address: terminalBilling.address } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ request_id: expect.any(String), message: 'Enter the first name' });
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'billing.firstName',
      'billing.lastName',
      'billing.emailAddress',
    ]);
  });

  it("opens the session for the caller's own merchant only: another merchant never sees it", async () => {
    const res = await open(otherOwner, body({ amount: 999 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.merchant_id).toBe(otherMerchantId);
    const charge = await payByCard(t, res.json().result.token_card, { billing: terminalBilling });
    const id = charge.json().result.id;
    const foreign = await t.app.inject({ method: 'GET', url: `/apiv1/transaction/${id}/`, headers: owner.auth });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a merchant whose Payment Hub is not active', async () => {
    const pending = await createMerchant(t.ctx.db, { paymentHubStatus: 2 });
    const pendingOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: pending.id });
    expect((await open(pendingOwner)).statusCode).toBe(403);
  });
});
