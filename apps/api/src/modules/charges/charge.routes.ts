// Endpoints the hosted payment fields and the approval page call (public: the checkout token or the
// unguessable approval reference is the credential).

import { approvalDecisionBody, type ChargeResult, chargeBody, chargeResult } from '@kassa/contract/checkout';
import { envelope, idParam } from '@kassa/contract/common';
import { acceptedLocale } from '@kassa/contract/i18n/locales';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { serializeWith } from '../../lib/typed-serializer.ts';
import { carriedApiKeyAudit } from '../../plugins/auth.ts';
import {
  parseIdempotencyKey,
  runIdempotentInTransactions,
  sendIdempotent,
} from '../idempotency/idempotency.service.ts';
import { answerApproval, getApproval } from './approval.service.ts';
import { chargeCheckout, checkBilling, getCheckoutPayment, verifyChargeToken } from './charge.service.ts';
import { chargeAnswerJson } from './charge-result-json.ts';

const referenceParam = z.object({ reference: z.string().regex(/^[\w-]{8,80}$/, 'Not a valid reference') });
const approvalView = z.object({
  merchant_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  method: z.string(),
  status: z.string(),
});

export default async function chargeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  app.post(
    '/pay/charge/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: chargeBody, response: { 200: envelope(chargeResult) } },
      // Every payment's second request: its answer is written by typed code (lib/typed-serializer.ts).
      serializerCompiler: serializeWith(chargeAnswerJson),
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers['idempotency-key']);
      const claims = await verifyChargeToken(ctx, req.body.token);
      checkBilling(req.body, claims);
      const ref = key ? { scope: `checkout:${claims.sessionId}`, endpoint: 'pay/charge', key } : null;
      const success = (result: ChargeResult) => ({ status: 'success' as const, result });
      const result = await runIdempotentInTransactions(ctx, ref, req.body, async (key) => {
        const answer = key && {
          claim: key.claim,
          claimWrite: key.claimWrite,
          held: key.held,
          answer: (charged: ChargeResult) => key.complete(200, success(charged)),
        };
        const buyerLocale = acceptedLocale(req.headers['accept-language']);
        const body = { ...req.body, buyerLocale };
        // A public route: no API key is resolved here today (no access rule), so this carries nothing
        // unless that changes (plugins/auth.ts).
        const audit = carriedApiKeyAudit(req, 200);
        const charged = await chargeCheckout(ctx, claims, body, answer ?? undefined, { audit });
        return { status: 200, body: success(charged) };
      });
      sendIdempotent(reply, result);
      return reply;
    },
  );

  app.get(
    '/pay/payment/:id/',
    {
      schema: {
        tags,
        params: idParam,
        headers: z.object({ 'x-checkout-token': z.string().min(10).max(2000) }),
        response: { 200: envelope(chargeResult) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await getCheckoutPayment(ctx, req.headers['x-checkout-token'], req.params.id),
    }),
  );

  app.get(
    '/pay/approval/:reference/',
    { schema: { tags, params: referenceParam, response: { 200: envelope(approvalView) } } },
    async (req) => ({ status: 'success' as const, result: await getApproval(ctx, req.params.reference) }),
  );

  app.post(
    '/pay/approval/:reference/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: referenceParam, body: approvalDecisionBody, response: { 200: envelope(chargeResult) } },
    },
    async (req) => ({
      status: 'success' as const,
      result: await answerApproval(ctx, req.params.reference, req.body.decision),
    }),
  );
}
