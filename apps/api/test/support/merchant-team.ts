// Shared by the merchant-area API tests: one merchant's team signed in through the real login (owner,
// staff and a sub-user with the access the test names), another merchant to aim at, and the owner of
// a merchant whose payment hub is not active.
import { ROLE } from '@kassa/contract/access';
import type { HTTPMethods } from 'fastify';
import { createMerchant, type MerchantOverrides } from '../factories/merchants.ts';
import type { CreateUserOptions } from '../factories/users.ts';
import type { TestApp } from '../helper.ts';
import { createSignedInUser, type TestSession } from '../session.ts';

export interface MerchantTeam {
  merchantId: string;
  otherMerchantId: string;
  owner: TestSession;
  staff: TestSession;
  subUser: TestSession;
  inactiveHub: TestSession;
}

export async function signInMerchantTeam(
  t: TestApp,
  opts: {
    subUserAccess: CreateUserOptions['access'];
    /** The payment hub status of the inactive-hub owner's merchant. */
    inactiveHubStatus: number;
    merchant?: MerchantOverrides;
  },
): Promise<MerchantTeam> {
  const merchantId = (await createMerchant(t.ctx.db, opts.merchant)).id;
  const otherMerchantId = (await createMerchant(t.ctx.db)).id;
  const pending = await createMerchant(t.ctx.db, { paymentHubStatus: opts.inactiveHubStatus });
  return {
    merchantId,
    otherMerchantId,
    owner: await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId }),
    staff: await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId }),
    subUser: await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: opts.subUserAccess }),
    inactiveHub: await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: pending.id }),
  };
}

/**
 * A new merchant and its owner signed in through the real login: what most merchant-area tests start
 * from, and what they aim at as "another merchant".
 */
export async function createOwnedMerchant(
  t: TestApp,
  merchant?: MerchantOverrides,
  owner: Omit<CreateUserOptions, 'role' | 'merchantId'> = {},
) {
  const merchantId = (await createMerchant(t.ctx.db, merchant)).id;
  return { merchantId, owner: await createSignedInUser(t, { ...owner, role: ROLE.MERCHANT_OWNER, merchantId }) };
}

/** Requests to `/apiv1{url}` as `session`, or anonymous when it is null. */
export const apiCaller =
  (t: TestApp) => (session: TestSession | null, method: HTTPMethods, url: string, payload?: object) =>
    t.app.inject({ method, url: `/apiv1${url}`, headers: session?.auth ?? {}, ...(payload ? { payload } : {}) });
