// POST /admin/merchant/register/ (docs/product-rules.md#api-calls): the business profile and its owner
// (role 2), who receives an invitation to set a password. Platform admins only.
import { ROLE } from '@kassa/contract/access';
import type { MerchantRegisterInput } from '@kassa/contract/merchants';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requirePlatformAdmin } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid } from '../../lib/app-error.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { createInvitedUser, sendInvitation } from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { industryTypeExists } from '../industry-types/industry-types.service.ts';
import { selectMerchantProfile } from './merchant-list.queries.ts';
import { toAdminProfile, toUserSummary } from './merchant-views.ts';
import { findMerchantRow, insertMerchant } from './merchants.queries.ts';

export async function assertIndustryTypeExists(db: DbOrTx, id: string) {
  if (!(await industryTypeExists(db, id))) throw invalid('industry_type_id', 'Choose an existing industry type');
}

/** docs/ARCHITECTURE.md: a one-level tree, so a master is a live merchant that has no master itself. */
async function assertValidMaster(db: DbOrTx, id: string) {
  const master = await findMerchantRow(db, id);
  if (!master || master.removedAt) throw invalid('master_merchant_id', 'Choose an existing master merchant');
  if (master.masterMerchantId) {
    throw invalid('master_merchant_id', `${master.name} is itself a sub-merchant and cannot own sub-merchants`);
  }
}

export async function registerMerchant(
  ctx: AppContext,
  actor: Actor,
  body: MerchantRegisterInput,
  log: FastifyBaseLogger,
) {
  requirePlatformAdmin(actor);
  const phone = normalizePhone(body.phone, body.country);
  await assertIndustryTypeExists(ctx.db, body.industry_type_id);
  if (body.master_merchant_id) await assertValidMaster(ctx.db, body.master_merchant_id);

  const now = ctx.clock.now();
  const { merchantId, owner, token } = await ctx.db.transaction(async (tx) => {
    const merchant = await insertMerchant(tx, {
      name: body.name,
      email: body.email,
      phone,
      address: body.address,
      city: body.city,
      state: body.state,
      zipCode: body.zip_code,
      country: body.country,
      defaultCurrency: body.default_currency,
      website: body.website,
      logo: body.logo,
      industryTypeId: body.industry_type_id,
      masterMerchantId: body.master_merchant_id,
      createdAt: now,
      updatedAt: now,
    });
    const invited = await createInvitedUser(
      tx,
      {
        email: body.owner.email,
        firstName: body.owner.first_name,
        lastName: body.owner.last_name,
        role: ROLE.MERCHANT_OWNER,
        merchantId: merchant.id,
      },
      now,
    );
    await recordAudit(tx, {
      actor,
      merchantId: merchant.id,
      action: 'merchant.registered',
      entityType: 'merchant',
      entityId: merchant.id,
      data: { name: merchant.name, owner_email: invited.user.email, master_merchant_id: merchant.masterMerchantId },
    });
    return { merchantId: merchant.id, owner: invited.user, token: invited.token };
  });

  const mailed = await sendInvitation(
    ctx,
    { email: owner.email, firstName: owner.firstName, token, invitedAs: { role: 'owner', merchant: body.name } },
    log,
  );
  const profile = await selectMerchantProfile(ctx.db, merchantId);
  return {
    result: {
      merchant: toAdminProfile(profile!),
      owner: toUserSummary({ ...owner, hasPassword: false }),
    },
    message: mailed
      ? `Merchant registered. An invitation was sent to ${owner.email}.`
      : `Merchant registered, but the invitation e-mail to ${owner.email} could not be sent.`,
  };
}
