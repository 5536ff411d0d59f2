// docs/ARCHITECTURE.md#scaling-out: any number of stateless API processes share one PostgreSQL database. Two real
// server processes, same root key, same database: sign-in, refresh and its reuse detection, a
// payment and the notification job all work across them — and the receipt is mailed once although
// both processes run the notification worker. Needs DATABASE_URL (CI sets it); skipped otherwise.

import type { LoginResult, TokensResult } from '@kassa/contract/auth';
import type { ChargeResult, CheckoutTokenData } from '@kassa/contract/checkout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { adminUrl, withDatabase } from '../apps/api/test/pg-url.ts';
import { api } from './support/api-session.ts';
import { extractCode, readOutbox, SIGN_IN_CODE_SUBJECT, waitForMail } from './support/outbox.ts';
import { DEMO_PASSWORD, type KassaServer, startServer } from './support/server.ts';

const BASE_URL = process.env.DATABASE_URL;
const OWNER = 'owner@acme.example';

describe.skipIf(!BASE_URL)(
  `two API processes on one PostgreSQL database${BASE_URL ? '' : ' — skipped: set DATABASE_URL to run it'}`,
  () => {
    const dbName = `kassa_scale_${process.pid}`;
    let a: KassaServer;
    let b: KassaServer;

    beforeAll(async () => {
      const admin = await openDatabase({ url: adminUrl(BASE_URL!) });
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      await admin.close();
      const env = {
        DATABASE_URL: withDatabase(BASE_URL!, dbName),
        KASSA_SECRET_KEY: 'scale-out-shared-root-secret-0123456789abcdef',
      };
      a = await startServer({ demo: true, env });
      b = await startServer({ env });
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const admin = await openDatabase({ url: adminUrl(BASE_URL!) });
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.close();
    });

    /** Password on one process, the mailed code on the other. */
    async function signInAcross(first: KassaServer, second: KassaServer): Promise<TokensResult> {
      const before = Date.now();
      const login = await api<LoginResult>(first, 'POST', '/auth/login/', {
        body: { email: OWNER, password: DEMO_PASSWORD },
      });
      if (!login.otp_required) throw new Error('expected a one-time code');
      const mail = await waitForMail(first.dataDir, OWNER, { after: before - 1_000, subject: SIGN_IN_CODE_SUBJECT });
      return api<TokensResult>(second, 'POST', '/auth/verify-otp/', {
        body: { otp_token: login.otp_token, code: extractCode(mail) },
      });
    }

    const status = async (server: KassaServer, path: string, init: RequestInit = {}) =>
      (await fetch(`${server.url}/apiv1${path}`, init)).status;

    it('signs in, refreshes and detects refresh reuse across the processes', async () => {
      const tokens = await signInAcross(a, b);
      const profile = await api<{ email: string }>(a, 'GET', '/auth/profile/', { token: tokens.access });
      expect(profile.email).toBe(OWNER);

      const rotated = await api<{ access: string; refresh: string }>(b, 'POST', '/auth/token/refresh/', {
        body: { refresh: tokens.refresh },
      });
      expect((await api<{ email: string }>(a, 'GET', '/auth/profile/', { token: rotated.access })).email).toBe(OWNER);

      // The old refresh token presented to the other process is reuse: the whole family ends everywhere.
      const reuse = await status(a, '/auth/token/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: tokens.refresh }),
      });
      expect(reuse).toBe(401);
      expect(await status(b, '/auth/profile/', { headers: { authorization: `Bearer ${rotated.access}` } })).toBe(401);
    });

    it('pays on one process a checkout opened on the other, and mails the receipt once', async () => {
      const { access } = await signInAcross(b, a);
      const products = await api<{ results: { id: string; price_per_unit: number; is_active: boolean }[] }>(
        a,
        'GET',
        '/product/?page_size=50',
        { token: access },
      );
      const product = products.results.find((p) => p.is_active)!;
      const session = await api<CheckoutTokenData>(a, 'POST', `/product/get-checkout-token/${product.id}/`, {
        body: { quantity: 2 },
      });
      const buyer = `buyer-${Date.now()}@example.com`;
      const paid = await api<ChargeResult>(b, 'POST', '/pay/charge/', {
        body: {
          token: session.token_card,
          method: 'card',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
          billing: {
            firstName: 'Grace',
            lastName: 'Hopper',
            emailAddress: buyer,
            address: { line1: '1 Harbor Way', city: 'Arlington', state: 'VA', zipCode: '22201', country: 'US' },
          },
        },
      });
      expect(paid.status).toBe('capture_succeeded');
      const detail = await api<{ amount: number }>(a, 'GET', `/transaction/${paid.id}/`, { token: access });
      expect(detail.amount).toBe(product.price_per_unit * 2);

      // Both processes poll the queue every 2 s; wait for the receipt, then for any duplicate.
      const receipts = () => [...readOutbox(a.dataDir), ...readOutbox(b.dataDir)].filter((m) => m.to.includes(buyer));
      const deadline = Date.now() + 20_000;
      while (receipts().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 5_000));
      expect(receipts()).toHaveLength(1);
    });
  },
);
