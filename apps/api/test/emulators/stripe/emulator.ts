// A loopback Stripe for tests: the endpoints Kassa's connector calls, with the request validation,
// object shapes, status machine, test cards, idempotency replay and signed webhooks of Stripe's API
// reference (PaymentIntents, Refunds, Balance, Search, Webhooks "Check the webhook signatures"; saved
// cards — Customers, PaymentMethods, SetupIntents — in vault.ts).
// The connector under test is the real `stripe` SDK pointed at `url`. Fault modes let tests make it
// answer 500, answer late, cut the connection after processing, or refuse connections altogether.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { outcomeOf } from './cards.ts';
import { type FormObject, FormSyntaxError, parseForm } from './form.ts';
import { newId, nowSeconds } from './ids.ts';
import {
  arr,
  bool,
  expands,
  type Handler,
  int,
  invalidRequest,
  metadata,
  obj,
  oneOf,
  type Parsed,
  parseSearchQuery,
  present,
  requireParams,
  StripeApiError,
  str,
  validateParams,
} from './params.ts';
import type { PaymentMethodState } from './payment-methods.ts';
import { createStripeVault } from './vault.ts';

export const EMULATOR_TEST_KEY = 'sk_test_51KassaEmulatorTestKey000000000000';
export const EMULATOR_LIVE_KEY = 'sk_live_51KassaEmulatorLiveKey000000000000';

/** What the emulator does to the next matching requests. */
export type Fault =
  /** Answer 500 api_error without processing. */
  | { mode: 'error500' }
  /** Process, then answer only after `delayMs` (beyond the client's timeout). */
  | { mode: 'slow'; delayMs: number }
  /** Process, then destroy the socket without answering: the client never learns the outcome. */
  | { mode: 'drop' };
export interface FaultRule {
  fault: Fault;
  /** Only requests whose "METHOD /path" starts with this; every API request when unset. */
  match?: string;
  /** How many requests it applies to; until cleared when unset. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Parameters as sent, card number and CVC masked. */
  params: FormObject;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  status: number;
}

export interface WebhookEndpoint {
  /** whsec_… signing secret of the endpoint. */
  secret: string;
  /** Delivers one event (JSON body, headers) and returns the HTTP status the receiver answered. */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export interface StripeEmulatorOptions {
  /** Accepted secret keys (each its own account); a test and a live key by default. */
  secretKeys?: string[];
  /** Whether the account may send raw card numbers (Stripe's "raw card data APIs" capability). */
  rawCardData?: boolean;
}

interface Charge {
  id: string;
  amount: number;
  amountCaptured: number;
  amountRefunded: number;
  status: 'succeeded' | 'failed';
  captured: boolean;
}

interface PaymentIntentState {
  id: string;
  account: string;
  created: number;
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  confirmationMethod: 'automatic' | 'manual';
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  amountCapturable: number;
  amountReceived: number;
  clientSecret: string;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  paymentMethod: PaymentMethodState | null;
  customer: string | null;
  setupFutureUsage: 'off_session' | 'on_session' | null;
  /** The buyer is not there: a card that wants authentication is declined (authentication_required). */
  offSession: boolean;
  returnUrl: string | null;
  nextAction: Record<string, unknown> | null;
  lastPaymentError: Record<string, unknown> | null;
  charge: Charge | null;
  canceledAt: number | null;
  cancellationReason: string | null;
  threeDSecureToken: string | null;
}

interface RefundState {
  id: string;
  account: string;
  amount: number;
  currency: string;
  paymentIntent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  failureReason: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: unknown;
}

const API_VERSION = '2026-10-28.endive';
const MIN_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, chf: 50, jpy: 50 };
const CURRENCIES = new Set(['usd', 'eur', 'gbp', 'cad', 'aud', 'chf', 'jpy', 'sek', 'nok', 'dkk', 'nzd', 'mxn']);
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

const dollars = (amount: number, currency: string) =>
  currency === 'jpy' ? `¥${amount}` : `$${(amount / 100).toFixed(2)}`;

// Parameters of each endpoint, from the API reference (a subset large enough for real integrations;
// anything else is `parameter_unknown`, like a parameter the API does not have).
const cardData = obj({ number: str(), exp_month: int(), exp_year: int(), cvc: str() });
const address = obj({ city: str(), country: str(), line1: str(), line2: str(), postal_code: str(), state: str() });
const billingDetails = obj({ address, email: str(), name: str(), phone: str() });
const PAYMENT_INTENT_CREATE = {
  amount: int(),
  currency: str(),
  automatic_payment_methods: obj({ enabled: bool, allow_redirects: oneOf('always', 'never') }),
  capture_method: oneOf('automatic', 'automatic_async', 'manual'),
  confirm: bool,
  confirmation_method: oneOf('automatic', 'manual'),
  customer: str(),
  description: str(1000),
  error_on_requires_action: bool,
  expand: arr(str()),
  metadata,
  off_session: bool,
  payment_method: str(),
  payment_method_data: obj({ type: oneOf('card'), card: cardData, billing_details: billingDetails, metadata }),
  payment_method_options: obj({
    card: obj({ request_three_d_secure: oneOf('any', 'automatic', 'challenge'), capture_method: oneOf('manual') }),
  }),
  payment_method_types: arr(str()),
  receipt_email: str(),
  return_url: str(),
  setup_future_usage: oneOf('off_session', 'on_session'),
  statement_descriptor: str(22),
  statement_descriptor_suffix: str(22),
  use_stripe_sdk: bool,
};
const PAYMENT_INTENT_CAPTURE = {
  amount_to_capture: int(),
  application_fee_amount: int(),
  expand: arr(str()),
  final_capture: bool,
  metadata,
  statement_descriptor: str(22),
  statement_descriptor_suffix: str(22),
};
const PAYMENT_INTENT_CANCEL = {
  cancellation_reason: oneOf('abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'),
  expand: arr(str()),
};
const RETRIEVE = { client_secret: str(), expand: arr(str()) };
const SEARCH = { query: str(10000), limit: int(1), page: str(), expand: arr(str()) };
const rangeFilter = obj({ gt: int(), gte: int(), lt: int(), lte: int() });
const LIST = {
  created: rangeFilter,
  customer: str(),
  ending_before: str(),
  expand: arr(str()),
  limit: int(1),
  starting_after: str(),
};
const REFUND_CREATE = {
  amount: int(),
  charge: str(),
  currency: str(),
  customer: str(),
  expand: arr(str()),
  instructions_email: str(),
  metadata,
  origin: oneOf('customer_balance'),
  payment_intent: str(),
  reason: oneOf('duplicate', 'fraudulent', 'requested_by_customer'),
  refund_application_fee: bool,
  reverse_transfer: bool,
};
const REFUND_LIST = {
  charge: str(),
  created: rangeFilter,
  ending_before: str(),
  expand: arr(str()),
  limit: int(1),
  payment_intent: str(),
  starting_after: str(),
};
const EXPAND_ONLY = { expand: arr(str()) };

function maskCard(params: FormObject): FormObject {
  const copy = structuredClone(params);
  const card = (copy.payment_method_data as FormObject | undefined)?.card as FormObject | undefined;
  if (card && typeof card.number === 'string') card.number = `****${card.number.slice(-4)}`;
  if (card && typeof card.cvc === 'string') card.cvc = '***';
  return copy;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export interface StripeEmulator {
  /** Base URL (http://127.0.0.1:port) for KASSA_STRIPE_API_BASE. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly deliveries: Delivery[];
  setFault(rule: FaultRule | null): void;
  /** Closes the listening socket and every open connection: new requests get ECONNREFUSED. */
  stopListening(): Promise<void>;
  /** Listens again on the same port. */
  resumeListening(): Promise<void>;
  /** The PaymentIntent as the API would return it (undefined when it does not exist). */
  paymentIntent(id: string): Record<string, unknown> | undefined;
  paymentIntents(account?: string): Record<string, unknown>[];
  refunds(paymentIntentId: string): Record<string, unknown>[];
  /** Saved cards: the account's Customers, a Customer, a PaymentMethod, a SetupIntent as the API returns them. */
  customers(account?: string): Record<string, unknown>[];
  customer(id: string): Record<string, unknown> | undefined;
  paymentMethod(id: string): Record<string, unknown> | undefined;
  setupIntent(id: string): Record<string, unknown> | undefined;
  /** The card account updater gives a saved card a new expiry (payment_method.automatically_updated). */
  renewCard(paymentMethodId: string, expMonth: number, expYear: number): void;
  setWebhookEndpoint(account: string, endpoint: WebhookEndpoint | null): void;
  /** Marks a refund failed (the card was closed) and sends charge.refund.updated and refund.failed. */
  failRefund(refundId: string, reason?: string): void;
  /** Opens a dispute on the payment's charge and sends charge.dispute.created. */
  openDispute(paymentIntentId: string, reason?: string): Record<string, unknown>;
  /** Sends an event of any type about an object to the account's endpoint. */
  sendEvent(account: string, type: string, object: Record<string, unknown>): Promise<Delivery | undefined>;
  /** Waits until every event sent so far has been delivered. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const accounts = new Set(options.secretKeys ?? [EMULATOR_TEST_KEY, EMULATOR_LIVE_KEY]);
  const rawCardData = options.rawCardData ?? true;
  const intents = new Map<string, PaymentIntentState>();
  const refunds = new Map<string, RefundState>();
  const idempotency = new Map<string, IdempotentResult>();
  const endpoints = new Map<string, WebhookEndpoint>();
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const sockets = new Set<Socket>();
  let faultRule: FaultRule | null = null;
  let pendingDeliveries: Promise<unknown> = Promise.resolve();
  let port = 0;
  let baseUrl = '';

  const livemode = (account: string) => account.startsWith('sk_live_');
  const vault = createStripeVault({
    livemode,
    rawCardData,
    sendEvent: (account, type, object) => void sendEvent(account, type, object),
  });

  // ---- object shapes -----------------------------------------------------------------------
  function chargeObject(pi: PaymentIntentState): Record<string, unknown> | null {
    const c = pi.charge;
    if (!c) return null;
    return {
      id: c.id,
      object: 'charge',
      amount: c.amount,
      amount_captured: c.amountCaptured,
      amount_refunded: c.amountRefunded,
      captured: c.captured,
      currency: pi.currency,
      livemode: livemode(pi.account),
      paid: c.status === 'succeeded',
      payment_intent: pi.id,
      refunded: c.amountCaptured > 0 && c.amountRefunded >= c.amountCaptured,
      status: c.status,
    };
  }

  /** expand: the request's parameters; `expand[]=payment_method` embeds the PaymentMethod. */
  function intentObject(pi: PaymentIntentState, expand?: Parsed): Record<string, unknown> {
    const pm = pi.paymentMethod;
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_capturable: pi.amountCapturable,
      amount_received: pi.amountReceived,
      canceled_at: pi.canceledAt,
      cancellation_reason: pi.cancellationReason,
      capture_method: pi.captureMethod,
      client_secret: pi.clientSecret,
      confirmation_method: pi.confirmationMethod,
      created: pi.created,
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      last_payment_error: pi.lastPaymentError,
      latest_charge: pi.charge?.id ?? null,
      livemode: livemode(pi.account),
      metadata: pi.metadata,
      next_action: pi.nextAction,
      payment_method: pm && expand && expands(expand, 'payment_method') ? vault.pmObject(pm) : (pm?.id ?? null),
      payment_method_types: pi.paymentMethodTypes,
      setup_future_usage: pi.setupFutureUsage,
      status: pi.status,
    };
  }

  function refundObject(r: RefundState): Record<string, unknown> {
    return {
      id: r.id,
      object: 'refund',
      amount: r.amount,
      charge: r.charge,
      created: r.created,
      currency: r.currency,
      failure_reason: r.failureReason,
      metadata: r.metadata,
      payment_intent: r.paymentIntent,
      reason: r.reason,
      status: r.status,
    };
  }

  // ---- webhooks ----------------------------------------------------------------------------
  function signatureHeader(secret: string, payload: string, timestamp = nowSeconds()) {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  function sendEvent(account: string, type: string, object: Record<string, unknown>) {
    const endpoint = endpoints.get(account);
    if (!endpoint) return Promise.resolve(undefined);
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: livemode(account),
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const delivery = pendingDeliveries.then(async () => {
      let status = 0;
      try {
        status = await endpoint.deliver(payload, {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(endpoint.secret, payload),
        });
      } catch {
        status = 0;
      }
      const record = { eventId: event.id, type, status };
      deliveries.push(record);
      return record;
    });
    pendingDeliveries = delivery.catch(() => undefined);
    return delivery;
  }

  const emit = (pi: PaymentIntentState, type: string, object?: Record<string, unknown>) =>
    void sendEvent(pi.account, type, object ?? intentObject(pi));

  // ---- the payment status machine ------------------------------------------------------------
  function succeed(pi: PaymentIntentState) {
    const manual = pi.captureMethod === 'manual';
    pi.charge = {
      id: newId('ch'),
      amount: pi.amount,
      amountCaptured: manual ? 0 : pi.amount,
      amountRefunded: 0,
      status: 'succeeded',
      captured: !manual,
    };
    pi.nextAction = null;
    pi.lastPaymentError = null;
    // setup_future_usage: the card is saved to the Customer once the payment went through.
    const pm = pi.paymentMethod;
    if (pm && pi.setupFutureUsage) {
      if (pi.setupFutureUsage === 'off_session') pm.setUpOffSession = true;
      if (pi.customer && pm.customer !== pi.customer) vault.attach(pm, pi.customer);
    }
    if (manual) {
      pi.status = 'requires_capture';
      pi.amountCapturable = pi.amount;
      emit(pi, 'payment_intent.amount_capturable_updated');
    } else {
      pi.status = 'succeeded';
      pi.amountReceived = pi.amount;
      emit(pi, 'payment_intent.succeeded');
    }
    emit(pi, 'charge.succeeded', chargeObject(pi)!);
  }

  function fail(pi: PaymentIntentState, error: Record<string, unknown>, withCharge: boolean) {
    if (withCharge) {
      pi.charge = {
        id: newId('ch'),
        amount: pi.amount,
        amountCaptured: 0,
        amountRefunded: 0,
        status: 'failed',
        captured: false,
      };
    }
    pi.status = 'requires_payment_method';
    pi.nextAction = null;
    pi.lastPaymentError = {
      ...error,
      ...(pi.charge ? { charge: pi.charge.id } : {}),
      payment_method: pi.paymentMethod ? vault.pmObject(pi.paymentMethod) : null,
    };
    emit(pi, 'payment_intent.payment_failed');
  }

  /** Confirms with the attached card; a decline answers 402 card_error carrying the PaymentIntent. */
  function confirm(pi: PaymentIntentState, errorOnRequiresAction: boolean) {
    const pm = pi.paymentMethod!;
    const outcome = outcomeOf(pm.number, livemode(pi.account));
    // A PaymentMethod used without being saved to a Customer cannot be used again.
    if (!pm.customer && !pi.setupFutureUsage) pm.spent = true;
    if (outcome.kind === 'success') return succeed(pi);
    if (outcome.kind === 'three_d_secure') {
      if (pi.offSession && outcome.unlessSetUp && pm.setUpOffSession) return succeed(pi);
      if (errorOnRequiresAction || pi.offSession) {
        fail(
          pi,
          {
            type: 'card_error',
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          },
          true,
        );
        throw cardError(pi);
      }
      pi.status = 'requires_action';
      if (pi.returnUrl) {
        pi.threeDSecureToken = randomBytes(16).toString('hex');
        pi.nextAction = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${baseUrl}/3ds/${pi.id}/${pi.threeDSecureToken}`, return_url: pi.returnUrl },
        };
      } else {
        pi.nextAction = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' } };
      }
      emit(pi, 'payment_intent.requires_action');
      return;
    }
    fail(
      pi,
      {
        type: 'card_error',
        code: outcome.code,
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message: outcome.message,
        doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll('_', '-')}`,
      },
      true,
    );
    throw cardError(pi);
  }

  function cardError(pi: PaymentIntentState) {
    return new StripeApiError(402, { ...pi.lastPaymentError, payment_intent: intentObject(pi) });
  }

  function findIntent(account: string, id: string, param = 'intent') {
    const pi = intents.get(id);
    if (!pi || pi.account !== account) {
      throw invalidRequest(`No such payment_intent: '${id}'`, { code: 'resource_missing', param, status: 404 });
    }
    return pi;
  }

  // ---- endpoints ---------------------------------------------------------------------------

  const createPaymentIntent: Handler = (account, form, begin) => {
    const p = validateParams(PAYMENT_INTENT_CREATE, form);
    requireParams(p, 'amount', 'currency');
    const amount = p.amount as number;
    const currency = String(p.currency).toLowerCase();
    if (!CURRENCIES.has(currency)) {
      throw invalidRequest(
        `Invalid currency: ${p.currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`,
        { param: 'currency' },
      );
    }
    const min = MIN_AMOUNT[currency] ?? 1;
    if (amount < min) {
      throw invalidRequest(`Amount must be at least ${dollars(min, currency)} ${currency}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    if (amount > 99_999_999) {
      throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
    }
    const confirmNow = p.confirm === true;
    const returnUrl = present(p.return_url as string | undefined) ?? null;
    if (returnUrl && !confirmNow) {
      throw invalidRequest('You can only pass in return_url when confirm is true.', { param: 'return_url' });
    }
    if (returnUrl && !/^https?:\/\//.test(returnUrl)) {
      throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: 'return_url' });
    }
    const types = (present(p.payment_method_types as string[] | undefined) ?? []).filter(Boolean);
    for (const [i, t] of types.entries()) {
      if (t !== 'card')
        throw invalidRequest(`The payment method type "${t}" is invalid.`, { param: `payment_method_types[${i}]` });
    }
    const apm = present(p.automatic_payment_methods as Parsed | undefined);
    if (confirmNow && !returnUrl && types.length === 0 && apm?.allow_redirects !== 'never') {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      );
    }
    const customer = present(p.customer as string | undefined);
    if (customer) vault.findCustomer(account, customer);
    const paymentMethod = vault.paymentMethodFor(account, p, customer);
    const offSession = p.off_session === true;
    if (offSession && !confirmNow) {
      throw invalidRequest('You can only pass in off_session when confirm is true.', { param: 'off_session' });
    }
    // Off-session means a card the buyer saved earlier: Stripe charges a Customer's PaymentMethod.
    if (offSession && (!customer || paymentMethod?.customer !== customer)) {
      throw invalidRequest(
        'off_session payments need a PaymentMethod saved to the Customer given in `customer`; pass a `payment_method` attached to it.',
        { param: 'off_session' },
      );
    }
    if (confirmNow && !paymentMethod) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass `payment_method` or `payment_method_data`.",
        { code: 'payment_intent_unexpected_state' },
      );
    }
    begin();
    const id = newId('pi');
    const pi: PaymentIntentState = {
      id,
      account,
      created: nowSeconds(),
      amount,
      currency,
      captureMethod: (present(p.capture_method as PaymentIntentState['captureMethod']) ??
        'automatic_async') as PaymentIntentState['captureMethod'],
      confirmationMethod: present(p.confirmation_method as 'automatic' | 'manual') ?? 'automatic',
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      amountCapturable: 0,
      amountReceived: 0,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: present(p.description as string | undefined) ?? null,
      metadata: (present(p.metadata as Record<string, string>) ?? {}) as Record<string, string>,
      paymentMethodTypes: types.length > 0 ? types : ['card'],
      paymentMethod: paymentMethod ? vault.register(paymentMethod) : null,
      customer: customer ?? null,
      setupFutureUsage: present(p.setup_future_usage as PaymentIntentState['setupFutureUsage'] | undefined) ?? null,
      offSession,
      returnUrl,
      nextAction: null,
      lastPaymentError: null,
      charge: null,
      canceledAt: null,
      cancellationReason: null,
      threeDSecureToken: null,
    };
    intents.set(id, pi);
    emit(pi, 'payment_intent.created');
    if (confirmNow) confirm(pi, p.error_on_requires_action === true);
    return intentObject(pi, p);
  };

  const capturePaymentIntent: Handler = (account, form, begin, { id }) => {
    const p = validateParams(PAYMENT_INTENT_CAPTURE, form);
    const pi = findIntent(account, id!);
    begin();
    if (pi.status !== 'requires_capture') {
      throw invalidRequest(
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const amount = present(p.amount_to_capture as number | undefined) ?? pi.amountCapturable;
    if (amount > pi.amountCapturable) {
      throw invalidRequest(
        `The amount_to_capture (${amount}) must be less than or equal to the amount_capturable (${pi.amountCapturable}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    }
    if (amount < 1)
      throw invalidRequest('Amount must be at least 1', { code: 'amount_too_small', param: 'amount_to_capture' });
    pi.status = 'succeeded';
    pi.amountReceived = amount;
    pi.amountCapturable = 0;
    pi.charge!.amountCaptured = amount;
    pi.charge!.captured = true;
    if (p.metadata) Object.assign(pi.metadata, p.metadata);
    emit(pi, 'payment_intent.succeeded');
    emit(pi, 'charge.captured', chargeObject(pi)!);
    return intentObject(pi);
  };

  const cancelPaymentIntent: Handler = (account, form, begin, { id }) => {
    const p = validateParams(PAYMENT_INTENT_CANCEL, form);
    const pi = findIntent(account, id!);
    begin();
    if (!CANCELABLE.includes(pi.status)) {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    pi.status = 'canceled';
    pi.canceledAt = nowSeconds();
    pi.cancellationReason = present(p.cancellation_reason as string | undefined) ?? null;
    pi.amountCapturable = 0;
    pi.nextAction = null;
    emit(pi, 'payment_intent.canceled');
    return intentObject(pi);
  };

  const retrievePaymentIntent: Handler = (account, form, _begin, { id }) => {
    const p = validateParams(RETRIEVE, form);
    const pi = findIntent(account, id!);
    if (p.client_secret !== undefined && p.client_secret !== pi.clientSecret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { param: 'client_secret' },
      );
    }
    return intentObject(pi, p);
  };

  const searchPaymentIntents: Handler = (account, form) => {
    const p = validateParams(SEARCH, form);
    requireParams(p, 'query');
    const expandEach = expands(p, 'data.payment_method') ? { expand: ['payment_method'] } : undefined;
    const tests = parseSearchQuery(String(p.query), ['status', 'currency', 'amount', 'customer']).map(
      ({ metadataKey, field, value }) =>
        (pi: PaymentIntentState) =>
          metadataKey !== undefined
            ? pi.metadata[metadataKey] === value
            : field === 'amount'
              ? pi.amount === Number(value)
              : field === 'status'
                ? pi.status === value
                : field === 'currency'
                  ? pi.currency === value.toLowerCase()
                  : pi.customer === value,
    );
    const limit =
      (present(p.limit as number | undefined) ?? 10) > 100 ? 100 : (present(p.limit as number | undefined) ?? 10);
    const found = [...intents.values()]
      .filter((pi) => pi.account === account && tests.every((t) => t(pi)))
      .sort((a, b) => b.created - a.created);
    return {
      object: 'search_result',
      data: found.slice(0, limit).map((pi) => intentObject(pi, expandEach)),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/payment_intents/search',
    };
  };

  const listPaymentIntents: Handler = (account, form) => {
    const p = validateParams(LIST, form);
    const created = present(p.created as Parsed | undefined);
    const limit = Math.min(present(p.limit as number | undefined) ?? 10, 100);
    const within = (t: number) =>
      !created ||
      ((created.gt === undefined || t > (created.gt as number)) &&
        (created.gte === undefined || t >= (created.gte as number)) &&
        (created.lt === undefined || t < (created.lt as number)) &&
        (created.lte === undefined || t <= (created.lte as number)));
    const found = [...intents.values()].filter((pi) => pi.account === account && within(pi.created)).reverse();
    return {
      object: 'list',
      data: found.slice(0, limit).map((pi) => intentObject(pi)),
      has_more: found.length > limit,
      url: '/v1/payment_intents',
    };
  };

  const refundedSoFar = (pi: PaymentIntentState) =>
    [...refunds.values()]
      .filter((r) => r.paymentIntent === pi.id && (r.status === 'succeeded' || r.status === 'pending'))
      .reduce((sum, r) => sum + r.amount, 0);

  const createRefund: Handler = (account, form, begin) => {
    const p = validateParams(REFUND_CREATE, form);
    const piId = present(p.payment_intent as string | undefined);
    const chargeId = present(p.charge as string | undefined);
    if (!piId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      );
    }
    const pi = piId
      ? findIntent(account, piId, 'payment_intent')
      : [...intents.values()].find((i) => i.account === account && i.charge?.id === chargeId);
    if (!pi)
      throw invalidRequest(`No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge', status: 404 });
    begin();
    if (pi.status !== 'succeeded' || !pi.charge) {
      throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const remaining = pi.amountReceived - refundedSoFar(pi);
    if (remaining <= 0) {
      throw invalidRequest(`Charge ${pi.charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = present(p.amount as number | undefined) ?? remaining;
    if (amount < 1) throw invalidRequest('Refund amount must be at least 1', { param: 'amount' });
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${dollars(amount, pi.currency)}) is greater than unrefunded amount on charge (${dollars(remaining, pi.currency)})`,
        { param: 'amount' },
      );
    }
    const refund: RefundState = {
      id: newId('re'),
      account,
      amount,
      currency: pi.currency,
      paymentIntent: pi.id,
      charge: pi.charge.id,
      status: 'succeeded',
      reason: present(p.reason as string | undefined) ?? null,
      failureReason: null,
      metadata: (present(p.metadata as Record<string, string>) ?? {}) as Record<string, string>,
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    pi.charge.amountRefunded += amount;
    emit(pi, 'refund.created', refundObject(refund));
    emit(pi, 'charge.refunded', chargeObject(pi)!);
    return refundObject(refund);
  };

  // GET /v1/refunds: newest first, filtered by payment_intent or charge, paged with starting_after.
  const listRefunds: Handler = (account, form) => {
    const p = validateParams(REFUND_LIST, form);
    const piId = present(p.payment_intent as string | undefined);
    if (piId) findIntent(account, piId, 'payment_intent');
    const chargeId = present(p.charge as string | undefined);
    const limit = Math.min(present(p.limit as number | undefined) ?? 10, 100);
    let found = [...refunds.values()]
      .filter(
        (r) => r.account === account && (!piId || r.paymentIntent === piId) && (!chargeId || r.charge === chargeId),
      )
      .reverse();
    const after = present(p.starting_after as string | undefined);
    if (after) {
      const at = found.findIndex((r) => r.id === after);
      if (at < 0)
        throw invalidRequest(`No such refund: '${after}'`, {
          code: 'resource_missing',
          param: 'starting_after',
          status: 404,
        });
      found = found.slice(at + 1);
    }
    return {
      object: 'list',
      data: found.slice(0, limit).map(refundObject),
      has_more: found.length > limit,
      url: '/v1/refunds',
    };
  };

  const retrieveBalance: Handler = (account, form) => {
    validateParams(EXPAND_ONLY, form);
    return {
      object: 'balance',
      available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      livemode: livemode(account),
    };
  };

  const retrieveAccount: Handler = (account, form) => {
    validateParams(EXPAND_ONLY, form);
    return {
      id: `acct_${createHmac('sha256', 'acct').update(account).digest('hex').slice(0, 16)}`,
      object: 'account',
      charges_enabled: true,
      country: 'US',
      default_currency: 'usd',
      details_submitted: true,
      payouts_enabled: true,
      type: 'standard',
    };
  };

  const routes: { method: string; pattern: RegExp; handler: Handler }[] = [
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handler: createPaymentIntent },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/search$/, handler: searchPaymentIntents },
    { method: 'GET', pattern: /^\/v1\/payment_intents$/, handler: listPaymentIntents },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/(?<id>[^/]+)$/, handler: retrievePaymentIntent },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/(?<id>[^/]+)\/capture$/, handler: capturePaymentIntent },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/(?<id>[^/]+)\/cancel$/, handler: cancelPaymentIntent },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handler: createRefund },
    { method: 'GET', pattern: /^\/v1\/refunds$/, handler: listRefunds },
    { method: 'GET', pattern: /^\/v1\/balance$/, handler: retrieveBalance },
    { method: 'GET', pattern: /^\/v1\/account$/, handler: retrieveAccount },
    ...vault.routes,
  ];

  // ---- HTTP --------------------------------------------------------------------------------
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      'stripe-version': API_VERSION,
      ...headers,
    });
    res.end(text);
  };
  const errorBody = (error: StripeApiError) => ({
    error: { ...error.body, request_log_url: 'https://dashboard.stripe.com/test/logs' },
  });

  function authenticate(req: IncomingMessage): string {
    const header = req.headers.authorization ?? '';
    let key = '';
    if (header.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header.startsWith('Basic ')) key = Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? '';
    if (!key) {
      throw invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        { status: 401 },
      );
    }
    if (key.startsWith('pk_')) {
      throw invalidRequest('This API call cannot be made with a publishable API key. Please use a secret API key.', {
        code: 'secret_key_required',
        status: 401,
      });
    }
    if (!accounts.has(key)) {
      throw invalidRequest(
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        {
          code: 'api_key_invalid',
          status: 401,
        },
      );
    }
    return key;
  }

  function takeFault(method: string, path: string): Fault | null {
    const rule = faultRule;
    if (!rule || (rule.match && !`${method} ${path}`.startsWith(rule.match))) return null;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) faultRule = null;
    }
    return rule.fault;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string, url: URL, body: string) {
    const path = url.pathname;
    const fault = takeFault(method, path);
    if (fault?.mode === 'error500') {
      send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return;
    }
    let status = 200;
    let payload: unknown;
    let headers: Record<string, string> = {};
    let form: FormObject = {};
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    try {
      form = parseForm(method === 'GET' ? url.search.slice(1) : body);
      const account = authenticate(req);
      const route = routes.find((r) => r.method === method && r.pattern.test(path));
      if (!route) {
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          { status: 404 },
        );
      }
      const pathParams = (path.match(route.pattern)?.groups ?? {}) as Record<string, string>;
      const storeKey = idempotencyKey ? `${account}\u0000${idempotencyKey}` : null;
      const fingerprint = canonical({ method, path, form });
      const stored = storeKey ? idempotency.get(storeKey) : undefined;
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        status = stored.status;
        payload = stored.body;
        headers = { 'idempotent-replayed': 'true', 'original-request': 'req_replayed' };
      } else {
        let begun = false;
        try {
          payload = route.handler(account, form, () => (begun = true), pathParams);
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          status = error.status;
          payload = errorBody(error);
        }
        // Stripe saves the result of a request that started executing (a decline included), not one
        // refused by parameter validation.
        if (storeKey && begun) idempotency.set(storeKey, { fingerprint, status, body: payload });
      }
    } catch (error) {
      if (error instanceof StripeApiError) {
        status = error.status;
        payload = errorBody(error);
      } else if (error instanceof FormSyntaxError) {
        status = 400;
        payload = errorBody(invalidRequest(error.message));
      } else {
        status = 500;
        payload = { error: { type: 'api_error', message: String(error) } };
      }
    }
    requests.push({
      method,
      path,
      params: maskCard(form),
      idempotencyKey,
      stripeVersion: req.headers['stripe-version'] as string | undefined,
      status,
    });
    if (fault?.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
    if (!res.destroyed) send(res, status, payload, headers);
  }

  // The 3D Secure page a buyer is redirected to (next_action.redirect_to_url.url).
  function handleThreeDSecure(res: ServerResponse, method: string, url: URL) {
    const m = url.pathname.match(/^\/3ds\/([^/]+)\/([0-9a-f]+)(?:\/(complete|fail))?$/);
    const pi = m ? intents.get(m[1]!) : undefined;
    if (!m || !pi || pi.threeDSecureToken !== m[2]) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (method === 'GET' && !m[3]) {
      const base = `/3ds/${pi.id}/${m[2]}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head>
<body><main><h1>3D Secure 2 Test Page</h1>
<p>Authenticate a payment of ${dollars(pi.amount, pi.currency)} ${pi.currency.toUpperCase()}.</p>
<form method="post" action="${base}/complete"><button id="test-source-authorize-3ds" type="submit">Complete</button></form>
<form method="post" action="${base}/fail"><button id="test-source-fail-3ds" type="submit">Fail</button></form>
</main></body></html>`);
      return;
    }
    if (method !== 'POST' || !m[3]) {
      res.writeHead(405).end();
      return;
    }
    if (pi.status === 'requires_action') {
      if (m[3] === 'complete') succeed(pi);
      else {
        fail(
          pi,
          {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
          false,
        );
      }
    }
    const target = new URL(pi.returnUrl!);
    target.searchParams.set('payment_intent', pi.id);
    target.searchParams.set('payment_intent_client_secret', pi.clientSecret);
    target.searchParams.set('redirect_status', pi.status === 'requires_payment_method' ? 'failed' : 'succeeded');
    res.writeHead(303, { location: target.toString() }).end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', baseUrl);
      if (url.pathname.startsWith('/3ds/')) return handleThreeDSecure(res, method, url);
      void handleApi(req, res, method, url, Buffer.concat(chunks).toString('utf8'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });

  await listen(0);
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    deliveries,
    setFault: (rule) => {
      faultRule = rule ? { ...rule } : null;
    },
    stopListening: stop,
    resumeListening: () => listen(port),
    paymentIntent: (id) => {
      const pi = intents.get(id);
      return pi ? intentObject(pi) : undefined;
    },
    paymentIntents: (account) =>
      [...intents.values()].filter((pi) => !account || pi.account === account).map((pi) => intentObject(pi)),
    refunds: (paymentIntentId) =>
      [...refunds.values()].filter((r) => r.paymentIntent === paymentIntentId).map(refundObject),
    customers: vault.customers,
    customer: vault.customer,
    paymentMethod: vault.paymentMethod,
    setupIntent: vault.setupIntent,
    renewCard: vault.renewCard,
    setWebhookEndpoint: (account, endpoint) => {
      if (endpoint) endpoints.set(account, endpoint);
      else endpoints.delete(account);
    },
    failRefund: (refundId, reason = 'expired_or_canceled_card') => {
      const refund = refunds.get(refundId);
      const pi = refund ? intents.get(refund.paymentIntent) : undefined;
      if (!refund || !pi) throw new Error(`No such refund: ${refundId}`);
      if (refund.status === 'failed') return;
      refund.status = 'failed';
      refund.failureReason = reason;
      pi.charge!.amountRefunded -= refund.amount;
      emit(pi, 'charge.refund.updated', refundObject(refund));
      emit(pi, 'refund.failed', refundObject(refund));
    },
    openDispute: (paymentIntentId, reason = 'fraudulent') => {
      const pi = intents.get(paymentIntentId);
      if (!pi?.charge) throw new Error(`No charge to dispute on ${paymentIntentId}`);
      const dispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: pi.charge.amountCaptured,
        charge: pi.charge.id,
        created: nowSeconds(),
        currency: pi.currency,
        evidence_details: {
          due_by: nowSeconds() + 7 * 86400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: livemode(pi.account),
        metadata: {},
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
      };
      emit(pi, 'charge.dispute.created', dispute);
      return dispute;
    },
    sendEvent,
    flushWebhooks: async () => {
      let last: Promise<unknown>;
      do {
        last = pendingDeliveries;
        await last;
      } while (last !== pendingDeliveries);
    },
    close: stop,
  };
}
