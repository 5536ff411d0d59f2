// POST /customer/{id}/charge/: a merchant-initiated charge of a saved card (customer-charge.service.ts),
// answered like a checkout charge. Idempotency-Key as on every payment call: one key, one charge.
import { APP } from '@kassa/contract/access';
import { type ChargeResult, chargeResult } from '@kassa/contract/checkout';
import { envelope, idParam } from '@kassa/contract/common';
import { customerChargeBody } from '@kassa/contract/saved-cards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearer } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import { carriedApiKeyAudit } from '../../plugins/auth.ts';
import {
  callerScope,
  parseIdempotencyKey,
  runIdempotentInTransactions,
  sendIdempotent,
} from '../idempotency/idempotency.service.ts';
import { chargeCustomerCard, requireChargeableCustomer } from './customer-charge.service.ts';

export default async function customerChargeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/customer/:id/charge/',
    {
      config: { access: merchantApp(APP.VIRTUAL_TERMINAL, 'create'), scope: 'payments:write' },
      schema: {
        tags: ['customers'],
        security: bearer,
        summary: 'Charge a customer’s saved card (merchant-initiated)',
        params: idParam,
        body: customerChargeBody,
        response: { 200: envelope(chargeResult) },
      },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers['idempotency-key']);
      const ref = key ? { scope: callerScope(req.actor), endpoint: `customer/${req.params.id}/charge`, key } : null;
      const success = (result: ChargeResult) => ({ status: 'success' as const, result });
      const result = await runIdempotentInTransactions(
        ctx,
        ref,
        req.body,
        async (key) => {
          const answer = key && {
            claim: key.claim,
            claimWrite: key.claimWrite,
            held: key.held,
            answer: (charged: ChargeResult) => key.complete(200, success(charged)),
          };
          // The key's audit entry commits with the payment's outcome, in its settle statement (plugins/auth.ts).
          const audit = carriedApiKeyAudit(req, 200);
          const charged = await chargeCustomerCard(ctx, req.actor, req.params.id, req.body, answer ?? undefined, audit);
          return { status: 200, body: success(charged) };
        },
        // A stored answer names the customer's card: replayed only to a caller who may charge the customer now.
        { beforeReplay: async () => void (await requireChargeableCustomer(ctx, req.actor, req.params.id)) },
      );
      sendIdempotent(reply, result);
      return reply;
    },
  );
}
