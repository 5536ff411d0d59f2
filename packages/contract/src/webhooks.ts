// Webhooks as Standard Webhooks 1.0 describes them: the event catalogue with each payload's schema
// (also shown in the API docs), the endpoint and delivery shapes, and the rules a webhook URL obeys.
import { z } from 'zod';
import { isoDateTime, listQuery, page, recordTimestamps } from './common.ts';
import { customerSchema, deletedCustomerSchema } from './customers.ts';
import { invoiceSchema } from './invoices.ts';
import { detachedSavedCardSchema, savedCardSchema } from './saved-cards.ts';
import { subscriptionSchema } from './subscriptions.ts';
import { maxChars } from './text-length.ts';
import { paymentMode, refundItem, transactionDetail } from './transactions.ts';

/** A payment as the API returns it, without its timeline (events and refunds live on the transaction). */
export const webhookPayment = transactionDetail.pick({
  id: true,
  merchant_id: true,
  merchant_name: true,
  amount: true,
  currency: true,
  captured_amount: true,
  refunded_amount: true,
  refundable_amount: true,
  gift_card_amount: true,
  method: true,
  intent: true,
  status: true,
  source: true,
  card_brand: true,
  card_last4: true,
  buyer_first_name: true,
  buyer_last_name: true,
  buyer_email: true,
  mode: true,
  failure_reason: true,
  failure_code: true,
  description: true,
  product_id: true,
  quick_payment_id: true,
  invoice_id: true,
  created_at: true,
});
export type WebhookPayment = z.infer<typeof webhookPayment>;

/** One refund and the payment's totals right after it. */
export const webhookRefund = webhookPayment.extend({ refund: refundItem });

export const webhookPing = z.object({ endpoint_id: z.string(), message: z.string() });

/** Every event type, what it means, and the schema of its `data`. */
export const WEBHOOK_EVENTS = {
  'payment.succeeded': { description: 'A payment was captured when it was made.', data: webhookPayment },
  'payment.failed': { description: 'A payment was declined or failed.', data: webhookPayment },
  'payment.refunded': {
    description: 'A refund was made (one event per refund), with the refund amount and the new totals.',
    data: webhookRefund,
  },
  'payment.captured': { description: 'An authorized payment was captured (all or part).', data: webhookPayment },
  'payment.voided': {
    description: 'An authorized payment was voided; the buyer was not charged.',
    data: webhookPayment,
  },
  'invoice.created': {
    description:
      'An invoice was made by a recurring invoice (each occurrence) or a subscription (each period), before it is sent or charged.',
    data: invoiceSchema,
  },
  'invoice.sent': { description: 'An invoice was sent to its customer.', data: invoiceSchema },
  'invoice.partially_paid': {
    description: 'A part of an invoice was paid (a deposit or a partial payment); a balance remains.',
    data: invoiceSchema,
  },
  'invoice.paid': { description: 'An invoice was paid: its balance due reached zero.', data: invoiceSchema },
  'invoice.voided': { description: 'A sent invoice was voided; its link no longer works.', data: invoiceSchema },
  'customer.created': { description: 'A customer was created.', data: customerSchema },
  'customer.updated': { description: 'A customer’s details were changed.', data: customerSchema },
  'customer.deleted': { description: 'A customer was deleted.', data: deletedCustomerSchema },
  'payment_method.attached': { description: 'A card was saved for a customer.', data: savedCardSchema },
  'payment_method.detached': {
    description: 'A saved card was removed from a customer.',
    data: detachedSavedCardSchema,
  },
  'payment_method.updated': {
    description: 'The processor renewed a saved card: a new expiry, or a new number on the same card.',
    data: savedCardSchema,
  },
  'subscription.created': { description: 'A subscription was created.', data: subscriptionSchema },
  'subscription.updated': {
    description: 'A subscription changed: status, price, quantity, period or card.',
    data: subscriptionSchema,
  },
  'subscription.canceled': { description: 'A subscription ended.', data: subscriptionSchema },
  'subscription.past_due': {
    description: 'A renewal of a subscription failed; retries follow the merchant’s schedule.',
    data: subscriptionSchema,
  },
  'customer.subscription.trial_will_end': {
    description: 'A subscription’s trial ends in three days.',
    data: subscriptionSchema,
  },
  'invoice.payment_failed': {
    description: 'A charge of a subscription’s invoice failed (each try sends one).',
    data: invoiceSchema,
  },
  'test.ping': { description: 'Sent by "Send test"; only to the endpoint tested.', data: webhookPing },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
/** What an endpoint may subscribe to: every event except the ping, which goes only where it is sent. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'test.ping') as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** The body of one event, `{ type, mode, timestamp, data }`, per type. */
export const webhookEventBody = <T extends WebhookEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    /**
     * Test or live, as the endpoint it goes to: test-mode money (the sandbox, a processor's test keys)
     * is announced only to test endpoints, live money only to live ones.
     */
    mode: paymentMode,
    /** When the event happened (ISO 8601), not when it was delivered. */
    timestamp: z.string(),
    data: WEBHOOK_EVENTS[type].data,
  });
export type WebhookEventBody<T extends WebhookEventType = WebhookEventType> = {
  type: T;
  mode: z.infer<typeof paymentMode>;
  timestamp: string;
  data: z.infer<(typeof WEBHOOK_EVENTS)[T]['data']>;
};

/** Any event body: what a receiver parses. */
export const anyWebhookEventBody = z.discriminatedUnion(
  'type',
  WEBHOOK_EVENT_TYPES.map((t) => webhookEventBody(t)) as unknown as [
    ReturnType<typeof webhookEventBody>,
    ...ReturnType<typeof webhookEventBody>[],
  ],
);

/** The signing secret's form: `whsec_` and the base64 of the key bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;

/** How long the previous secret still signs (beside the new one) after a roll. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

export const WEBHOOK_URL_MAX = 2000;

const eventsSelection = z.union(
  [
    z.literal('all'),
    z
      .array(z.enum(SUBSCRIBABLE_EVENT_TYPES, { message: `Use one of: ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}` }))
      .min(1, 'Choose at least one event, or "all"')
      .max(SUBSCRIBABLE_EVENT_TYPES.length),
  ],
  { message: 'Use "all" or a list of event types' },
);

const endpointUrl = z
  .string({ message: 'Enter the URL that receives the webhooks' })
  .trim()
  .min(1, 'Enter the URL that receives the webhooks')
  .max(WEBHOOK_URL_MAX, `Use at most ${WEBHOOK_URL_MAX} characters`)
  .refine((v) => URL.canParse(v), 'Enter a full URL, such as https://shop.example.com/webhooks');

const description = maxChars(z.string().trim(), 200, 'Use at most 200 characters');

export const createWebhookEndpointBody = z.object({
  url: endpointUrl,
  description: description.optional(),
  /** `"all"` (every event, including ones added later) or a list of event types. */
  events: eventsSelection,
  /**
   * Which events it receives: those of test-mode or of live money. An API key makes endpoints of its
   * own mode only (and may leave this out); a person's session makes live ones unless told otherwise.
   * It never changes: an endpoint for the other mode is another endpoint, with its own secret.
   */
  mode: paymentMode.optional(),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .object({
    url: endpointUrl.optional(),
    description: description.optional(),
    events: eventsSelection.optional(),
    /** Turning a disabled endpoint on again resumes its pending deliveries. */
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.union([z.literal('all'), z.array(z.enum(WEBHOOK_EVENT_TYPES))]),
  /** Receives the events of test-mode or of live money only. */
  mode: paymentMode,
  enabled: z.boolean(),
  /** Why delivery stopped, when it stopped by itself. */
  disabled_reason: z.string().nullable(),
  /** Since when every delivery has failed; null while deliveries succeed. */
  failing_since: z.string().nullable(),
  ...recordTimestamps,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** Returned once, on creation and on a roll: the secret is never shown again. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/** The endpoint list: of one mode (the portal's Test mode switch), or both; an API key sees its own mode's only. */
export const webhookEndpointQuery = z.object({ mode: paymentMode.optional() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookAttempt = z.object({
  id: z.string(),
  attempted_at: isoDateTime,
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first 1 KB of the response body. */
  response_snippet: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  /** Newest first. */
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryPage = page(webhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

export const webhookDeliveryQuery = listQuery
  .pick({ page: true, page_size: true })
  .extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });

export const webhookDeliveryParams = z.object({
  id: z.uuid({ message: 'Not a valid id' }),
  delivery_id: z.uuid({ message: 'Not a valid id' }),
});

/** The setting and the address a local receiver needs, which no language translates. */
export const LOCAL_RECEIVER = {
  setting: 'KASSA_WEBHOOKS_ALLOW_PRIVATE=true',
  url: 'http://localhost:<port>/…',
} as const;
/**
 * How to try webhooks offline or on a test machine: said in the API's refusals, and on the endpoint form in the
 * user's language (catalogue key developers.localReceiverHint).
 */
export const LOCAL_RECEIVER_HINT = `To try webhooks on this machine, start Kassa with ${LOCAL_RECEIVER.setting} and use a receiver at ${LOCAL_RECEIVER.url}, then press Send test event.`;
