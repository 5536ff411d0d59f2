// The last factor of someone under a second-factor rule, removed from many requests at once: every
// removal locks the user's row first (second-factor-rules.queries.ts), so one factor always stays. On
// PostgreSQL (api-postgres) the requests really run at once on separate connections.
import { ROLE } from '@kassa/contract/access';
import { LAST_FACTOR_REQUIRED_MESSAGE } from '@kassa/contract/second-factor-rules';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { enrolTotp } from '../../../test/totp.ts';
import { merchants, passkeys, userTotp } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const PARALLEL = 20;
const ROUNDS = 3;

describe('removing factors in parallel under a rule', () => {
  it('of an app and 19 passkeys removed by 20 requests at once, exactly one stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const merchant = await createMerchant(t.ctx.db);
      await t.ctx.db.update(merchants).set({ requireSecondFactor: true }).where(eq(merchants.id, merchant.id));
      const u = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
      await enrolTotp(t, u.auth);
      const keys = await t.ctx.db
        .insert(passkeys)
        .values(
          Array.from({ length: PARALLEL - 1 }, (_, i) => ({
            userId: u.user.id,
            credentialId: `race-${round}-${i}-${crypto.randomUUID()}`,
            publicKey: 'not-used-here',
            name: `Key ${i}`,
          })),
        )
        .returning({ id: passkeys.id });

      const responses = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: '/apiv1/auth/totp/',
          headers: u.auth,
          payload: { password: u.account.password },
        }),
        ...keys.map((k) => t.app.inject({ method: 'DELETE', url: `/apiv1/auth/passkeys/${k.id}/`, headers: u.auth })),
      ]);
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes).toEqual([...Array(PARALLEL - 1).fill(200), 409]);
      const refused = responses.find((r) => r.statusCode === 409);
      expect(refused?.json().message).toBe(LAST_FACTOR_REQUIRED_MESSAGE);

      const leftKeys = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id));
      const leftApp = await t.ctx.db.select().from(userTotp).where(eq(userTotp.userId, u.user.id));
      expect(leftKeys.length + leftApp.length).toBe(1);
    }
  }, 120_000);

  it('of two passkeys each removed by 10 of 20 requests at once, exactly one stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const merchant = await createMerchant(t.ctx.db);
      await t.ctx.db.update(merchants).set({ requireSecondFactor: true }).where(eq(merchants.id, merchant.id));
      const u = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
      const keys = await t.ctx.db
        .insert(passkeys)
        .values(
          [0, 1].map((i) => ({
            userId: u.user.id,
            credentialId: `pair-${round}-${i}-${crypto.randomUUID()}`,
            publicKey: 'not-used-here',
            name: `Key ${i}`,
          })),
        )
        .returning({ id: passkeys.id });

      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          t.app.inject({ method: 'DELETE', url: `/apiv1/auth/passkeys/${keys[i % 2]!.id}/`, headers: u.auth }),
        ),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      // One removal wins; its duplicates find nothing (404); every removal of the other key is refused.
      expect(codes).toEqual([200, ...Array(PARALLEL / 2 - 1).fill(404), ...Array(PARALLEL / 2).fill(409)]);
      expect(await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).toHaveLength(1);
    }
  }, 120_000);
});
