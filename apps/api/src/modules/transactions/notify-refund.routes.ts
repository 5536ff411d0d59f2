import { notificationPayload } from '@kassa/contract/checkout';
import { envelope, idParam, messageEnvelope } from '@kassa/contract/common';
import { captureBody, refundBody, transactionDetail, voidBody } from '@kassa/contract/transactions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { transactionRefunder } from '../../lib/route-access.ts';
import {
  callerScope,
  formerCallerScope,
  parseIdempotencyKey,
  runIdempotent,
  sendIdempotent,
} from '../idempotency/idempotency.service.ts';
import { requestPaymentNotification } from '../notifications/notifications.service.ts';
import { captureTransaction, voidTransaction } from './capture-void.service.ts';
import type { MoneyCallOutcome } from './money-call.ts';
import { refundTransaction } from './refund.service.ts';
import { requireTransactionForRefund } from './transactions.service.ts';

/**
 * 200 when the processor answered; 202 when its answer was lost and the operation is pending at the
 * processor (recorded, counted as spent, settled by reconciliation — never sent twice).
 */
const answerOf = ({ transaction, message, pending }: MoneyCallOutcome) => ({
  status: pending ? 202 : 200,
  body: { status: 'success' as const, result: transaction, message },
});

/** The merchant's Idempotency-Key as the operation keeps it (a key is visible ASCII: the space is no part of it). */
const requestKeyOf = (ref: { scope: string; key: string } | null) => (ref ? `${ref.scope} ${ref.key}` : null);

export default async function notifyRefundRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['transactions'];
  // A stored answer shows the payment (buyer, card): replayed only to a caller who may act on it now.
  const replayGuard = (actor: Actor, id: string) => ({
    beforeReplay: () => requireTransactionForRefund(ctx, actor, id),
    formerScope: formerCallerScope(actor),
  });

  app.post(
    '/transaction/:id/refund/',
    {
      config: { access: transactionRefunder, scope: 'refunds:write' },
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: idParam,
        body: refundBody,
        response: { 200: envelope(transactionDetail), 202: envelope(transactionDetail) },
      },
    },
    async (req, reply) => {
      const key = parseIdempotencyKey(req.headers['idempotency-key']);
      const ref = key ? { scope: callerScope(req.actor), endpoint: `transaction/${req.params.id}/refund`, key } : null;
      const result = await runIdempotent(
        ctx,
        ref,
        req.body,
        async () => answerOf(await refundTransaction(ctx, req.actor, req.params.id, req.body, requestKeyOf(ref))),
        replayGuard(req.actor, req.params.id),
      );
      sendIdempotent(reply, result);
      return reply;
    },
  );

  // Authorize now, capture later: same permission and the same Idempotency-Key rules as refunds.
  for (const action of ['capture', 'void'] as const) {
    app.post(
      `/transaction/:id/${action}/`,
      {
        config: { access: transactionRefunder, scope: 'refunds:write' },
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: idParam,
          body: action === 'capture' ? captureBody : voidBody,
          response: { 200: envelope(transactionDetail), 202: envelope(transactionDetail) },
        },
      },
      async (req, reply) => {
        const key = parseIdempotencyKey(req.headers['idempotency-key']);
        const endpoint = `transaction/${req.params.id}/${action}`;
        const ref = key ? { scope: callerScope(req.actor), endpoint, key } : null;
        const result = await runIdempotent(
          ctx,
          ref,
          req.body,
          async () =>
            answerOf(
              action === 'capture'
                ? await captureTransaction(ctx, req.actor, req.params.id, req.body, requestKeyOf(ref))
                : await voidTransaction(ctx, req.actor, req.params.id, requestKeyOf(ref)),
            ),
          replayGuard(req.actor, req.params.id),
        );
        sendIdempotent(reply, result);
        return reply;
      },
    );
  }

  // docs/product-rules.md#api-calls: the checkout page announces a completed payment. Public, because the buyer is anonymous;
  // harmless, because it only queues what the server itself queued at capture, once.
  app.post(
    '/transaction/send-notification/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: notificationPayload, response: { 200: messageEnvelope } },
    },
    async (req) => ({ status: 'success' as const, message: await requestPaymentNotification(ctx, req.body.id) }),
  );
}
