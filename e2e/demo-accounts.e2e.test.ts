// `npm run demo` then `npm start` on the same data dir, as the README tells a new user to do: the
// demo accounts sign in with the one-time code from the outbox and land on their own merchant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from './support/api-session.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';

// No browser needed: this one runs wherever the e2e project runs.
describe('demo data on a running server', () => {
  let server: KassaServer;
  beforeAll(async () => {
    server = await startServer({ demo: true });
  });
  afterAll(() => server?.stop());

  it('signs in the demo admin and a merchant owner with the code from the outbox', async () => {
    const admin = await apiSignIn(server, 'admin@kassa.local', DEMO_PASSWORD);
    expect(admin.user).toMatchObject({ email: 'admin@kassa.local', role: 1, merchant: null });

    const owner = await apiSignIn(server, 'owner@bolt.example', DEMO_PASSWORD);
    expect(owner.user).toMatchObject({ role: 2, merchant: { name: 'Bolt Bikes', payment_hub_status: 3 } });
    expect(owner.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('never writes a card number or a password to the server log', () => {
    // pino's "time" is epoch milliseconds: 13 digits that are not a card number.
    const log = server.readLog().replace(/"time":\d+/g, '');
    expect(log).toContain('"route":"/apiv1/auth/login/"');
    // 13–19 digits standing alone (a float's fraction such as responseTime 99.76001200000064 is not).
    expect(log).not.toMatch(/(?<![\d.])\d{13,19}(?!\d)/);
    expect(log).not.toContain(DEMO_PASSWORD);
  });
});
