// GET/POST /subscription/, GET/PATCH /subscription/{id}/, POST /subscription/{id}/cancel|pause|resume|pay/,
// the merchant's dunning settings at /subscription/billing-settings/ and its figures at /subscription/metrics/.
import { APP } from '@kassa/contract/access';
import { envelope, idParam } from '@kassa/contract/common';
import { subscriptionMetricsQuery, subscriptionMetricsSchema } from '@kassa/contract/subscription-metrics';
import {
  billingSettingsSchema,
  SUBSCRIPTION_MESSAGES,
  subscriptionCancel,
  subscriptionChangeSchema,
  subscriptionCreate,
  subscriptionDetailSchema,
  subscriptionListQuery,
  subscriptionPatch,
  subscriptionSchema,
} from '@kassa/contract/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearer, resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  cancelSubscription,
  changeSubscription,
  createSubscription,
  getBillingSettings,
  getMerchantSubscription,
  listMerchantSubscriptions,
  pauseSubscription,
  payOpenInvoice,
  resumeSubscription,
  setBillingSettings,
  subscriptionMetrics,
} from './subscriptions.service.ts';

export default async function subscriptionRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const subs = resourceRoutes(base, '/subscription/', ['subscriptions']);
  const read = { access: merchantApp(APP.INVOICES, 'view'), scope: 'subscriptions:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.INVOICES, need), scope: 'subscriptions:write' }) as const;
  const doc = (summary: string) => ({ tags: ['subscriptions'], security: bearer, summary });

  subs.list(
    read,
    {
      query: subscriptionListQuery,
      item: subscriptionSchema,
      summary: 'List subscriptions (filter by status, customer)',
    },
    (actor, q) => listMerchantSubscriptions(ctx, actor, q),
  );
  subs.create(
    write('create'),
    {
      body: subscriptionCreate,
      item: subscriptionDetailSchema,
      summary: 'Subscribe a customer to a recurring price (the first period is charged or the trial starts)',
    },
    (actor, body) => createSubscription(ctx, actor, body),
    SUBSCRIPTION_MESSAGES.created,
  );
  // Static paths before `{id}`.
  app.get(
    '/subscription/metrics/',
    {
      config: read,
      schema: {
        ...doc('MRR, active subscribers, churn and failed-payment recovery of the last 30 days'),
        querystring: subscriptionMetricsQuery,
        response: { 200: envelope(subscriptionMetricsSchema) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await subscriptionMetrics(ctx, req.actor, req.query) }),
  );
  app.get(
    '/subscription/billing-settings/',
    {
      config: read,
      schema: {
        ...doc('Read the retry schedule of failed renewals'),
        response: { 200: envelope(billingSettingsSchema) },
      },
    },
    async (req) => ({ status: 'success' as const, result: await getBillingSettings(ctx, req.actor) }),
  );
  app.put(
    '/subscription/billing-settings/',
    {
      config: write('edit'),
      schema: {
        ...doc('Set the retry days of failed renewals and what the last failure does'),
        body: billingSettingsSchema,
        response: { 200: envelope(billingSettingsSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await setBillingSettings(ctx, req.actor, req.body),
      message: 'Billing settings saved.',
    }),
  );
  subs.read(read, { item: subscriptionDetailSchema, summary: 'Read a subscription with its invoices' }, (actor, id) =>
    getMerchantSubscription(ctx, actor, id),
  );
  app.patch(
    '/subscription/:id/',
    {
      config: write('edit'),
      schema: {
        ...doc('Change the price, quantity or card, with proration (or preview what it costs)'),
        params: idParam,
        body: subscriptionPatch,
        response: { 200: envelope(subscriptionChangeSchema) },
      },
    },
    async (req) => {
      const result = await changeSubscription(ctx, req.actor, req.params.id, req.body);
      return {
        status: 'success' as const,
        result,
        message: req.body.preview ? 'What the change costs.' : SUBSCRIPTION_MESSAGES.updated,
      };
    },
  );
  app.post(
    '/subscription/:id/cancel/',
    {
      config: write('delete'),
      schema: {
        ...doc('Cancel now (optionally refunding unused time) or at the end of the period'),
        params: idParam,
        body: subscriptionCancel,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (req) => {
      const { subscription, message } = await cancelSubscription(ctx, req.actor, req.params.id, req.body);
      return { status: 'success' as const, result: subscription, message };
    },
  );
  subs.action(
    'pause',
    write('edit'),
    { item: subscriptionDetailSchema, summary: 'Pause a subscription (no invoices while paused)' },
    (actor, id) => pauseSubscription(ctx, actor, id),
    SUBSCRIPTION_MESSAGES.paused,
  );
  subs.action(
    'resume',
    write('edit'),
    { item: subscriptionDetailSchema, summary: 'Resume a paused subscription: a new period starts and is billed now' },
    (actor, id) => resumeSubscription(ctx, actor, id),
    SUBSCRIPTION_MESSAGES.resumed,
  );
  app.post(
    '/subscription/:id/pay/',
    {
      config: write('edit'),
      schema: {
        ...doc(
          'Pay the oldest open invoice with the saved card now: an incomplete subscription within 23 hours, or a past_due or unpaid one',
        ),
        params: idParam,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (req) => {
      const { subscription, message } = await payOpenInvoice(ctx, req.actor, req.params.id);
      return { status: 'success' as const, result: subscription, message };
    },
  );
}
