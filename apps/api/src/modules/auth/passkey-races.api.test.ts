// Passkeys under parallel requests: a challenge is used once and a counter only moves forward, in the
// database (conditional UPDATEs), not in the request that read the row first. On PostgreSQL
// (api-postgres) the requests really run at once on separate connections.
import { ROLE } from '@kassa/contract/access';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { nextAddress, passkeyOptions, passkeySignIn, registerPasskey, TEST_RP } from '../../../test/passkeys.ts';
import { createSignedInUser } from '../../../test/session.ts';
import { TestAuthenticator } from '../../../test/webauthn.ts';
import { passkeys, refreshTokens } from '../../db/schema.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const PARALLEL = 20;
const ROUNDS = 3;

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('passkeys under parallel requests', () => {
  it('accepts the same assertion once when it is sent 20 times at once', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { authenticator } = await registerPasskey(t, s.auth);
    for (let round = 0; round < ROUNDS; round++) {
      const before = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, s.user.id));
      const { ceremony_token, options } = await passkeyOptions(t, 'sign-in/options/');
      const credential = authenticator.assert(options.challenge);
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () => passkeySignIn(t, { ceremony_token, credential })),
      );
      expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(401)]);
      const after = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, s.user.id));
      expect(after.length - before.length).toBe(1);
    }
  });

  it('lets one of 20 assertions with the same counter through, each with its own live challenge', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    const { authenticator, passkey } = await registerPasskey(t, s.auth);
    for (let round = 0; round < ROUNDS; round++) {
      const ceremonies = await Promise.all(
        Array.from({ length: PARALLEL }, () => passkeyOptions(t, 'sign-in/options/')),
      );
      authenticator.counter += 1;
      // A cloned authenticator: every answer carries the same counter value.
      const requests = ceremonies.map((c) => ({
        ceremony_token: c.ceremony_token,
        credential: authenticator.assert(c.options.challenge, { counter: 'same' }),
      }));
      const responses = await Promise.all(requests.map((body) => passkeySignIn(t, body)));
      expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(401)]);
      const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
      expect(row!.counter).toBe(authenticator.counter);
    }
  });

  it('registers one credential when one registration challenge is used 20 times at once', async () => {
    const s = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    for (let round = 0; round < ROUNDS; round++) {
      const { ceremony_token, options } = await passkeyOptions(t, 'registration/options/', {}, s.auth);
      const bodies = Array.from({ length: PARALLEL }, (_, i) => ({
        ceremony_token,
        name: `Key ${round}-${i}`,
        credential: new TestAuthenticator(TEST_RP).register(options),
      }));
      const responses = await Promise.all(
        bodies.map((payload) =>
          t.app.inject({
            method: 'POST',
            url: '/apiv1/auth/passkeys/registration/',
            headers: s.auth,
            payload,
            remoteAddress: nextAddress(),
          }),
        ),
      );
      expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(400)]);
      const stored = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, s.user.id));
      expect(stored).toHaveLength(round + 1);
    }
  });
});
