// A loopback emulator of Adyen's Checkout API v72 (the version @adyen/api-library's CheckoutAPI
// calls), built from Adyen's published API reference and test documentation: /payments with raw card
// data, /payments/details after the 3-D Secure redirect, the modifications (/captures, /cancels,
// /refunds — answered 201 "received", their outcome arriving later by webhook), /paymentMethods for
// a cheap authenticated call, Idempotency-Key replay, the documented test cards and holderName
// triggers, HMAC-signed standard webhooks, and fault modes for the routing and reconciliation tests.
// Tokenization: storePaymentMethod with a shopperReference, token payments (storedPaymentMethodId with
// recurringProcessingModel and shopperInteraction), GET and DELETE /storedPaymentMethods and the
// RECURRING_CONTRACT webhook (stored-payment-methods.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isLuhnValid } from '@kassa/contract/card-number';
import { message, type NotificationItem, type NotificationMessage, signItem } from './notifications.ts';
import {
  checkRecurringFields,
  type RecurringProcessingModel,
  type StoredCard,
  StoredPaymentMethods,
} from './stored-payment-methods.ts';
import {
  ADYEN_TEST_CARDS,
  AUTHENTICATION_REQUIRED_HOLDER,
  CURRENCY_EXPONENTS,
  cardVariant,
  FAILING_MODIFICATION_HOLDER_NAMES,
  HOLDER_NAME_OUTCOMES,
  TEST_CARD_CVC,
  TEST_CARD_EXPIRY,
  type TestOutcome,
  THREE_DS_PASSWORD,
} from './test-cards.ts';
import {
  type AdyenError,
  AdyenRequestError,
  adyenError,
  CANCEL_REQUEST,
  CAPTURE_REQUEST,
  checkStructure,
  type ObjectSpec,
  PAYMENT_DETAILS_REQUEST,
  PAYMENT_METHODS_REQUEST,
  PAYMENT_REQUEST,
  REFUND_REQUEST,
  required,
} from './validation.ts';

export const CHECKOUT_API_VERSION = 'v72';

export interface EmulatorCredential {
  apiKey: string;
  /** The merchant accounts this API key's company owns. */
  merchantAccounts: string[];
  /** The "API PCI Payments" role: without it raw card data is refused. */
  rawCardData?: boolean;
}

/** Delivers one webhook message to the merchant's server; returns what it answered. */
export type NotificationSink = (payload: NotificationMessage) => Promise<{ status: number; body: string }>;

export interface AdyenEmulatorOptions {
  credentials?: EmulatorCredential[];
  /** Hex HMAC key of the webhook configuration; notifications are signed with it. */
  hmacKey?: string;
  notify?: NotificationSink;
}

export type Fault =
  /** 500 before anything is processed. */
  | { kind: 'status500' }
  /** The request is processed, the answer comes after delayMs. */
  | { kind: 'slow'; delayMs: number }
  /** The request is processed, then the connection is cut without an answer. */
  | { kind: 'drop' };

type ResultCode = 'Authorised' | 'Refused' | 'Error' | 'Cancelled' | 'Received' | 'RedirectShopper';

export interface EmulatedPayment {
  pspReference: string;
  merchantAccount: string;
  reference: string;
  amount: { currency: string; value: number };
  variant: string;
  resultCode: ResultCode;
  refusalReason?: string;
  refusalReasonCode?: string;
  autoCapture: boolean;
  capturedValue: number;
  refundedValue: number;
  cancelled: boolean;
  failingModification?: 'CAPTURE_FAILED' | 'REFUND_FAILED';
  returnUrl: string;
  /** Applied once the buyer passes 3-D Secure. */
  pendingOutcome?: TestOutcome;
  redirectResult?: string;
  disputePspReference?: string;
  /** The card, kept while the payment stores it or pays with a token (for cardSummary, expiryDate, alias). */
  card?: { number: string; expiryMonth: string; expiryYear: string; holderName?: string; alias?: string };
  /** storePaymentMethod: stored once the payment is authorised. */
  store?: { shopperReference: string; model: RecurringProcessingModel };
  tokenization?: { card: StoredCard; operation: 'created' | 'alreadyExisting' };
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

export const DEFAULT_CREDENTIAL: EmulatorCredential = {
  apiKey: 'AQE_test_api_key_kassa_emulator',
  merchantAccounts: ['KassaTestECOM'],
  rawCardData: true,
};
export const DEFAULT_HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

/** What a Kassa merchant enters as its Adyen connection's credentials to reach an emulator started with the defaults. */
export const KASSA_CONNECTION_CREDENTIALS = {
  api_key: DEFAULT_CREDENTIAL.apiKey,
  merchant_account: DEFAULT_CREDENTIAL.merchantAccounts[0]!,
  environment: 'TEST',
  hmac_key: DEFAULT_HMAC_KEY,
};

const newPspReference = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
};

export class AdyenEmulator {
  readonly credentials: EmulatorCredential[];
  readonly hmacKey: string;
  notify?: NotificationSink;
  readonly payments = new Map<string, EmulatedPayment>();
  /** Every notification item generated, in order (signed). */
  readonly notifications: NotificationItem[] = [];
  /** What the merchant's server answered to each delivered webhook. */
  readonly deliveries: { item: NotificationItem; status: number; body: string }[] = [];
  /** Requests received (card number and CVC masked), for tests to check what a client sent. */
  readonly requests: {
    method: string;
    path: string;
    query?: Record<string, string>;
    idempotencyKey?: string;
    body: unknown;
  }[] = [];
  /** The tokens stored for shoppers (Adyen's recurring contracts). */
  readonly storedPaymentMethods = new StoredPaymentMethods();
  private readonly idempotent = new Map<string, StoredAnswer | 'in_progress'>();
  private readonly redirects = new Map<string, string>();
  private readonly results = new Map<string, { pspReference: string; authenticated: boolean }>();
  private readonly faults: { fault: Fault; path?: RegExp }[] = [];
  private holding = false;
  private readonly held: NotificationItem[] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(options: AdyenEmulatorOptions = {}) {
    this.credentials = options.credentials ?? [DEFAULT_CREDENTIAL];
    this.hmacKey = options.hmacKey ?? DEFAULT_HMAC_KEY;
    this.notify = options.notify;
  }

  /** The base URL to give the SDK (KASSA_ADYEN_CHECKOUT_BASE): the API version is appended by the client. */
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await this.listen(0);
    return this;
  }

  async close(): Promise<void> {
    await this.stopListening();
    await this.settled();
  }

  /** Connection refused from now on (nothing listens on the port any more). */
  async refuseConnections(): Promise<void> {
    await this.stopListening();
  }

  /** Listens again on the same port. */
  async acceptConnections(): Promise<void> {
    await this.listen(this.port);
  }

  /** The next `times` requests whose path matches (default: any) meet this fault. */
  failNext(fault: Fault, options: { times?: number; path?: RegExp } = {}) {
    for (let i = 0; i < (options.times ?? 1); i++) this.faults.push({ fault, path: options.path });
  }

  /** Keep webhooks instead of sending them (e.g. a merchant server that is down). */
  holdNotifications() {
    this.holding = true;
  }

  /**
   * Send what was held, and send again immediately from now on. `delivered` picks the held items that
   * go out (the rest are never sent, as an event type the webhook is not subscribed to).
   */
  async releaseNotifications(delivered: (item: NotificationItem) => boolean = () => true) {
    this.holding = false;
    const items = this.held.splice(0);
    for (const item of items.filter(delivered)) this.enqueueDelivery(item);
    await this.settled();
  }

  /** Resolves once every webhook sent so far has been answered. */
  async settled(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.inFlight;
      await current;
    } while (current !== this.inFlight);
  }

  /** A dispute on a payment: NOTIFICATION_OF_CHARGEBACK (dispute opened) or CHARGEBACK (funds debited). */
  dispute(
    pspReference: string,
    eventCode: 'NOTIFICATION_OF_CHARGEBACK' | 'CHARGEBACK' = 'NOTIFICATION_OF_CHARGEBACK',
    reasonCode = '10.4',
  ): NotificationItem {
    const payment = this.payments.get(pspReference);
    if (!payment) throw new Error(`No payment ${pspReference}`);
    payment.disputePspReference ??= newPspReference();
    return this.emit({
      eventCode,
      pspReference: payment.disputePspReference,
      originalReference: payment.pspReference,
      merchantAccountCode: payment.merchantAccount,
      merchantReference: payment.reference,
      amount: { currency: payment.amount.currency, value: payment.capturedValue || payment.amount.value },
      paymentMethod: payment.variant,
      success: 'true',
      reason: 'Other Fraud-Card Absent Environment',
      additionalData: {
        chargebackReasonCode: reasonCode,
        chargebackSchemeCode: payment.variant,
        disputeStatus: eventCode === 'CHARGEBACK' ? 'Undefended' : 'Pending',
      },
    });
  }

  // ---- transport -------------------------------------------------------------------------------

  private listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        if (!res.headersSent) this.send(res, 500, adyenError(500, '000', String(error), 'internal').body);
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private stopListening(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (status === 204) {
      res.writeHead(204, headers).end();
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json;charset=UTF-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');

    if (req.method === 'GET' && url.pathname === '/threeDS/redirect') return this.threeDsPage(url, res);
    if (req.method === 'GET' && url.pathname === '/threeDS/complete') return this.threeDsComplete(url, res);

    const faultIndex = this.faults.findIndex((f) => !f.path || f.path.test(url.pathname));
    const fault = faultIndex >= 0 ? this.faults.splice(faultIndex, 1)[0]!.fault : undefined;
    if (fault?.kind === 'status500') {
      return this.send(res, 500, adyenError(500, '000', 'Internal error', 'internal').body);
    }

    const answer = await this.answer(req, url, raw);
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
    if (res.destroyed) return;
    this.send(res, answer.status, answer.body, answer.headers);
  }

  private async answer(
    req: IncomingMessage,
    url: URL,
    raw: string,
  ): Promise<StoredAnswer & { headers?: Record<string, string> }> {
    const prefix = `/${CHECKOUT_API_VERSION}`;
    const method = req.method ?? 'GET';
    if (!url.pathname.startsWith(`${prefix}/`) || !['POST', 'GET', 'DELETE'].includes(method)) {
      return { status: 404, body: adyenError(404, '000', 'Not Found', 'validation').body };
    }
    const credential = this.credentials.find((c) => c.apiKey === req.headers['x-api-key']);
    if (!credential) {
      return { status: 401, body: adyenError(401, '000', 'HTTP Status Response - Unauthorized', 'security').body };
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw) : undefined;
    } catch {
      return { status: 400, body: adyenError(400, '702', 'Unable to parse the request body as JSON.').body };
    }
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({
      method,
      path: url.pathname,
      ...(url.search ? { query } : {}),
      idempotencyKey,
      body: mask(body),
    });

    if (idempotencyKey !== undefined) {
      if (idempotencyKey.length === 0 || idempotencyKey.length > 64) {
        return {
          status: 422,
          body: adyenError(422, '702', 'The Idempotency-Key must have between 1 and 64 characters.').body,
        };
      }
      // Keys are unique per company account (all the emulator's credentials belong to one company).
      const stored = this.idempotent.get(idempotencyKey);
      if (stored === 'in_progress') {
        return { status: 422, body: adyenError(422, '704', 'request already processed or in progress').body };
      }
      if (stored) return { ...stored, headers: { 'idempotency-key': idempotencyKey } };
      this.idempotent.set(idempotencyKey, 'in_progress');
    }
    let result: StoredAnswer;
    try {
      result = this.route(method, url.pathname.slice(prefix.length), body, query, credential);
    } catch (error) {
      if (!(error instanceof AdyenRequestError)) {
        if (idempotencyKey !== undefined) this.idempotent.delete(idempotencyKey);
        throw error;
      }
      result = { status: error.error.httpStatus, body: error.error.body };
    }
    if (idempotencyKey !== undefined) {
      this.idempotent.set(idempotencyKey, result);
      return { ...result, headers: { 'idempotency-key': idempotencyKey } };
    }
    return result;
  }

  private route(
    method: string,
    path: string,
    body: unknown,
    query: Record<string, string>,
    credential: EmulatorCredential,
  ): StoredAnswer {
    if (path === '/storedPaymentMethods' && method === 'GET') return this.listStored(query, credential);
    const token = /^\/storedPaymentMethods\/([^/]+)$/.exec(path);
    if (token && method === 'DELETE') return this.deleteStored(decodeURIComponent(token[1]!), query, credential);
    if (method !== 'POST') throw new AdyenRequestError(adyenError(405, '000', 'Method Not Allowed'));
    if (path === '/payments') return this.payment(body, credential);
    if (path === '/payments/details') return this.details(body);
    if (path === '/paymentMethods') return this.paymentMethods(body, credential);
    const modification = /^\/payments\/([^/]+)\/(captures|cancels|refunds)$/.exec(path);
    if (modification) {
      return this.modification(decodeURIComponent(modification[1]!), modification[2]!, body, credential);
    }
    throw new AdyenRequestError(adyenError(404, '000', 'Not Found'));
  }

  // ---- endpoints -------------------------------------------------------------------------------

  private merchantAccountOf(body: Record<string, unknown>, credential: EmulatorCredential): string {
    const merchantAccount = body.merchantAccount as string | undefined;
    if (!merchantAccount) throw required('merchantAccount');
    if (!credential.merchantAccounts.includes(merchantAccount)) {
      throw new AdyenRequestError(adyenError(403, '901', 'Invalid Merchant Account', 'security'));
    }
    return merchantAccount;
  }

  private checkAmount(amount: { currency?: string; value?: number } | undefined) {
    if (!amount || amount.value === undefined) {
      throw new AdyenRequestError(adyenError(422, '100', 'No amount specified'));
    }
    if (!amount.currency || !(amount.currency in CURRENCY_EXPONENTS)) {
      throw new AdyenRequestError(adyenError(422, '138', 'Unsupported currency specified'));
    }
    if (amount.value < 0) throw new AdyenRequestError(adyenError(422, '137', 'Invalid amount specified'));
    return amount as { currency: string; value: number };
  }

  private paymentMethods(body: unknown, credential: EmulatorCredential): StoredAnswer {
    checkStructure(PAYMENT_METHODS_REQUEST, body);
    const merchantAccount = this.merchantAccountOf(body as Record<string, unknown>, credential);
    const shopperReference = (body as { shopperReference?: string }).shopperReference;
    const stored = shopperReference ? this.storedPaymentMethods.list(shopperReference, merchantAccount) : [];
    return {
      status: 200,
      body: {
        paymentMethods: [{ brands: ['visa', 'mc', 'amex'], name: 'Cards', type: 'scheme' }],
        ...(stored.length > 0 ? { storedPaymentMethods: stored.map(StoredPaymentMethods.resource) } : {}),
      },
    };
  }

  /** GET /storedPaymentMethods?shopperReference=…&merchantAccount=… */
  private listStored(query: Record<string, string>, credential: EmulatorCredential): StoredAnswer {
    const merchantAccount = this.merchantAccountOf(query, credential);
    const shopperReference = query.shopperReference;
    if (!shopperReference) throw required('shopperReference');
    return {
      status: 200,
      body: {
        merchantAccount,
        shopperReference,
        storedPaymentMethods: this.storedPaymentMethods
          .list(shopperReference, merchantAccount)
          .map(StoredPaymentMethods.resource),
      },
    };
  }

  /** DELETE /storedPaymentMethods/{id}?shopperReference=…&merchantAccount=…: 204 No Content. */
  private deleteStored(id: string, query: Record<string, string>, credential: EmulatorCredential): StoredAnswer {
    const merchantAccount = this.merchantAccountOf(query, credential);
    if (!query.shopperReference) throw required('shopperReference');
    this.storedPaymentMethods.delete(id, query.shopperReference, merchantAccount);
    return { status: 204, body: '' };
  }

  private payment(body: unknown, credential: EmulatorCredential): StoredAnswer {
    checkStructure(PAYMENT_REQUEST, body);
    const request = body as Record<string, any>;
    const merchantAccount = this.merchantAccountOf(request, credential);
    const amount = this.checkAmount(request.amount);
    if (!request.reference) throw required('reference', '130');
    if (request.reference.length > 80) {
      throw new AdyenRequestError(adyenError(422, '702', "Field 'reference' is longer than 80 characters."));
    }
    if (!request.returnUrl) throw required('returnUrl');
    const method = request.paymentMethod as Record<string, string> | undefined;
    if (!method) throw required('paymentMethod');
    if (method.type !== 'scheme') {
      throw new AdyenRequestError(adyenError(422, '905', 'Payment details are not supported'));
    }
    const { storedId, model } = checkRecurringFields(request);
    const token = storedId
      ? this.storedPaymentMethods.find(storedId, request.shopperReference, merchantAccount)
      : undefined;
    const card = token ?? this.cardOf(method, credential);
    const holderName = method.holderName ?? token?.holderName;
    const autoCapture = request.additionalData?.manualCapture !== 'true' && !(request.captureDelayHours > 0);

    // A merchant-initiated token payment (ContAuth) is out of scope for strong customer authentication.
    const shopperPresent = request.shopperInteraction !== 'ContAuth';
    const outcome = this.outcomeFor(card, holderName, shopperPresent);
    const payment: EmulatedPayment = {
      pspReference: newPspReference(),
      merchantAccount,
      reference: request.reference,
      amount,
      variant: cardVariant(card.number),
      resultCode: 'Received',
      autoCapture,
      capturedValue: 0,
      refundedValue: 0,
      cancelled: false,
      returnUrl: request.returnUrl,
      failingModification:
        FAILING_MODIFICATION_HOLDER_NAMES[holderName as keyof typeof FAILING_MODIFICATION_HOLDER_NAMES],
      ...(token || request.storePaymentMethod
        ? {
            card: {
              number: card.number,
              expiryMonth: card.expiryMonth,
              expiryYear: card.expiryYear,
              holderName,
              alias: token?.alias,
            },
          }
        : {}),
      ...(request.storePaymentMethod ? { store: { shopperReference: request.shopperReference, model: model! } } : {}),
    };
    this.payments.set(payment.pspReference, payment);

    if (card.number === ADYEN_TEST_CARDS.visa3ds && outcome.resultCode !== 'Refused' && shopperPresent) {
      payment.resultCode = 'RedirectShopper';
      payment.pendingOutcome = outcome;
      const md = randomBytes(18).toString('base64url');
      this.redirects.set(md, payment.pspReference);
      return {
        status: 200,
        body: {
          resultCode: 'RedirectShopper',
          action: {
            paymentMethodType: 'scheme',
            url: `${this.baseUrl}/threeDS/redirect?MD=${md}`,
            method: 'GET',
            type: 'redirect',
          },
          paymentMethod: { brand: payment.variant, type: 'scheme' },
        },
      };
    }
    this.decide(payment, outcome);
    return { status: 200, body: this.paymentResponse(payment) };
  }

  private cardOf(method: Record<string, string>, credential: EmulatorCredential) {
    // In the test environment, "test_"-prefixed values stand in for client-side encrypted fields.
    const clear = (raw?: string, encrypted?: string) => raw ?? encrypted?.replace(/^test_/, '');
    const number = clear(method.number, method.encryptedCardNumber);
    const expiryMonth = clear(method.expiryMonth, method.encryptedExpiryMonth);
    const expiryYear = clear(method.expiryYear, method.encryptedExpiryYear);
    const cvc = clear(method.cvc, method.encryptedSecurityCode);
    if (method.number !== undefined && !credential.rawCardData) {
      throw new AdyenRequestError(adyenError(403, '010', 'Not allowed', 'security'));
    }
    if (!number || !/^\d{12,19}$/.test(number) || !isLuhnValid(number)) {
      throw new AdyenRequestError(adyenError(422, '101', 'Invalid card number'));
    }
    const month = Number(expiryMonth);
    if (!expiryMonth || !/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12) {
      throw new AdyenRequestError(adyenError(422, '129', 'Expiry Date Invalid'));
    }
    if (!expiryYear || !/^\d{4}$/.test(expiryYear)) {
      throw new AdyenRequestError(adyenError(422, '129', 'Expiry Date Invalid'));
    }
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw new AdyenRequestError(adyenError(422, '103', 'CVC is not the right length'));
    }
    return { number, expiryMonth: expiryMonth.padStart(2, '0'), expiryYear, cvc };
  }

  private outcomeFor(
    card: { number: string; expiryMonth: string; expiryYear: string; cvc?: string },
    holderName?: string,
    shopperPresent = true,
  ): TestOutcome {
    const known = (Object.values(ADYEN_TEST_CARDS) as string[]).includes(card.number);
    if (!known) return HOLDER_NAME_OUTCOMES.INVALID_CARD_NUMBER!;
    // A wrong CVC or expiry on a test card gives the generic refusal.
    if (
      card.expiryMonth !== TEST_CARD_EXPIRY.month ||
      card.expiryYear !== TEST_CARD_EXPIRY.year ||
      (card.cvc !== undefined && card.cvc !== TEST_CARD_CVC)
    ) {
      return HOLDER_NAME_OUTCOMES.DECLINED!;
    }
    // The 3-D Secure challenge that follows is the authentication the issuer asks for (test-cards.ts).
    if (holderName === AUTHENTICATION_REQUIRED_HOLDER && shopperPresent && card.number === ADYEN_TEST_CARDS.visa3ds) {
      return { resultCode: 'Authorised' };
    }
    return (holderName && HOLDER_NAME_OUTCOMES[holderName]) || { resultCode: 'Authorised' };
  }

  private decide(payment: EmulatedPayment, outcome: TestOutcome) {
    payment.resultCode = outcome.resultCode;
    payment.refusalReason = outcome.refusalReason;
    payment.refusalReasonCode = outcome.refusalReasonCode;
    if (outcome.resultCode === 'Authorised' && payment.autoCapture) payment.capturedValue = payment.amount.value;
    if (outcome.resultCode === 'Received') return;
    if (outcome.resultCode === 'Authorised' && payment.store && payment.card) {
      payment.tokenization = this.storedPaymentMethods.store({
        ...payment.card,
        merchantAccount: payment.merchantAccount,
        shopperReference: payment.store.shopperReference,
        variant: payment.variant,
        firstPspReference: payment.pspReference,
        recurringProcessingModel: payment.store.model,
      });
    }
    this.emit({
      eventCode: 'AUTHORISATION',
      pspReference: payment.pspReference,
      merchantAccountCode: payment.merchantAccount,
      merchantReference: payment.reference,
      amount: payment.amount,
      paymentMethod: payment.variant,
      success: outcome.resultCode === 'Authorised' ? 'true' : 'false',
      reason: outcome.refusalReason ?? '',
      operations: outcome.resultCode === 'Authorised' ? ['CANCEL', 'CAPTURE', 'REFUND'] : undefined,
    });
    const stored = payment.tokenization;
    if (stored?.operation === 'created') {
      // The token's own webhook: pspReference is the token, originalReference the payment that made it.
      this.emit({
        eventCode: 'RECURRING_CONTRACT',
        pspReference: stored.card.id,
        originalReference: payment.pspReference,
        merchantAccountCode: payment.merchantAccount,
        merchantReference: payment.reference,
        amount: payment.amount,
        paymentMethod: payment.variant,
        success: 'true',
        reason: '',
        additionalData: {
          'recurring.recurringDetailReference': stored.card.id,
          'recurring.shopperReference': stored.card.shopperReference,
          shopperReference: stored.card.shopperReference,
        },
      });
    }
  }

  /** The additionalData a card payment carries when its card is stored or comes from a token. */
  private cardData(payment: EmulatedPayment): Record<string, string> {
    const card = payment.card;
    if (!card) return {};
    const token = payment.tokenization;
    return {
      cardSummary: card.number.slice(-4),
      expiryDate: `${Number(card.expiryMonth)}/${card.expiryYear}`,
      cardBin: card.number.slice(0, 6),
      ...((token?.card.alias ?? card.alias) ? { alias: (token?.card.alias ?? card.alias)!, aliasType: 'Default' } : {}),
      ...(token
        ? {
            'tokenization.storedPaymentMethodId': token.card.id,
            'tokenization.shopperReference': token.card.shopperReference,
            'tokenization.store.operationType': token.operation,
            'recurring.recurringDetailReference': token.card.id,
            'recurring.shopperReference': token.card.shopperReference,
          }
        : {}),
    };
  }

  private paymentResponse(payment: EmulatedPayment) {
    return {
      additionalData: {
        authCode: payment.resultCode === 'Authorised' ? '069412' : undefined,
        ...this.cardData(payment),
      },
      pspReference: payment.pspReference,
      resultCode: payment.resultCode,
      ...(payment.refusalReason
        ? { refusalReason: payment.refusalReason, refusalReasonCode: payment.refusalReasonCode }
        : {}),
      amount: payment.amount,
      merchantReference: payment.reference,
      paymentMethod: { brand: payment.variant, type: 'scheme' },
    };
  }

  private details(body: unknown): StoredAnswer {
    checkStructure(PAYMENT_DETAILS_REQUEST, body);
    const redirectResult = (body as { details?: { redirectResult?: string } }).details?.redirectResult;
    if (!redirectResult) throw required('details');
    const result = this.results.get(redirectResult);
    if (!result) throw new AdyenRequestError(adyenError(422, '101', 'Invalid payment details'));
    const payment = this.payments.get(result.pspReference)!;
    if (payment.resultCode === 'RedirectShopper') {
      this.decide(payment, result.authenticated ? payment.pendingOutcome! : HOLDER_NAME_OUTCOMES.NOT_3D_AUTHENTICATED!);
    }
    return { status: 200, body: this.paymentResponse(payment) };
  }

  private modification(
    pspReference: string,
    kind: string,
    body: unknown,
    credential: EmulatorCredential,
  ): StoredAnswer {
    const spec: ObjectSpec =
      kind === 'captures' ? CAPTURE_REQUEST : kind === 'cancels' ? CANCEL_REQUEST : REFUND_REQUEST;
    checkStructure(spec, body);
    const request = body as Record<string, any>;
    const merchantAccount = this.merchantAccountOf(request, credential);
    const payment = this.payments.get(pspReference);
    if (!payment || payment.merchantAccount !== merchantAccount) {
      throw new AdyenRequestError(adyenError(422, '167', 'Original pspReference required for this operation'));
    }
    const modificationPsp = newPspReference();
    const base = {
      merchantAccount,
      paymentPspReference: pspReference,
      pspReference: modificationPsp,
      reference: request.reference,
      status: 'received',
    };
    const notify = (eventCode: string, success: boolean, value: number, reason = '') =>
      this.emit({
        eventCode,
        pspReference: modificationPsp,
        originalReference: pspReference,
        merchantAccountCode: merchantAccount,
        merchantReference: request.reference ?? payment.reference,
        amount: { currency: payment.amount.currency, value },
        paymentMethod: payment.variant,
        success: success ? 'true' : 'false',
        reason,
      });

    if (kind === 'cancels') {
      const ok =
        payment.resultCode === 'Authorised' &&
        !payment.autoCapture &&
        payment.capturedValue === 0 &&
        !payment.cancelled;
      if (ok) payment.cancelled = true;
      notify('CANCELLATION', ok, payment.amount.value, ok ? '' : 'Transaction cannot be cancelled');
      return { status: 201, body: base };
    }

    const amount = this.checkAmount(request.amount);
    if (amount.currency !== payment.amount.currency) {
      throw new AdyenRequestError(
        adyenError(422, '137', 'Invalid amount specified: the currency differs from the payment'),
      );
    }
    if (kind === 'captures') {
      const problem =
        payment.resultCode !== 'Authorised'
          ? 'Transaction is not authorised'
          : payment.cancelled
            ? 'Transaction was cancelled'
            : payment.autoCapture || payment.capturedValue > 0
              ? 'Transaction already captured'
              : amount.value > payment.amount.value
                ? 'Insufficient balance on payment'
                : '';
      // One capture per authorisation (the default): a smaller capture releases the rest.
      if (!problem) payment.capturedValue = amount.value;
      notify('CAPTURE', !problem, amount.value, problem);
      if (!problem && payment.failingModification === 'CAPTURE_FAILED') {
        payment.capturedValue = 0;
        notify('CAPTURE_FAILED', true, amount.value, 'Capture failed at the acquirer');
      }
      return { status: 201, body: { ...base, amount } };
    }
    const refundable = payment.capturedValue - payment.refundedValue;
    const problem =
      payment.capturedValue === 0
        ? 'Transaction is not captured'
        : amount.value > refundable
          ? 'Insufficient balance on payment'
          : '';
    if (!problem) payment.refundedValue += amount.value;
    notify('REFUND', !problem, amount.value, problem);
    if (!problem && payment.failingModification === 'REFUND_FAILED') {
      payment.refundedValue -= amount.value;
      notify('REFUND_FAILED', true, amount.value, 'Refund failed at the acquirer');
    }
    return { status: 201, body: { ...base, amount } };
  }

  // ---- 3-D Secure page -------------------------------------------------------------------------

  private threeDsPage(url: URL, res: ServerResponse) {
    const md = url.searchParams.get('MD') ?? '';
    const payment = this.payments.get(this.redirects.get(md) ?? '');
    if (!payment) return this.send(res, 404, '<!doctype html><title>Not found</title><p>Unknown authentication.');
    const value = (payment.amount.value / 10 ** (CURRENCY_EXPONENTS[payment.amount.currency] ?? 2)).toFixed(
      CURRENCY_EXPONENTS[payment.amount.currency] ?? 2,
    );
    return this.send(
      res,
      200,
      `<!doctype html><html><head><meta charset="utf-8"><title>3D Secure 2 Test</title></head><body>
<h1>Authenticate your payment</h1>
<p>${payment.merchantAccount} asks for ${payment.amount.currency} ${value}.</p>
<form method="get" action="/threeDS/complete">
<input type="hidden" name="MD" value="${md}">
<label>Password <input name="password" type="password" autocomplete="off"></label>
<p>Test password: ${THREE_DS_PASSWORD}</p>
<button type="submit">Submit</button>
</form></body></html>`,
    );
  }

  private threeDsComplete(url: URL, res: ServerResponse) {
    const md = url.searchParams.get('MD') ?? '';
    const pspReference = this.redirects.get(md);
    const payment = this.payments.get(pspReference ?? '');
    if (!payment) return this.send(res, 404, '<!doctype html><title>Not found</title><p>Unknown authentication.');
    this.redirects.delete(md);
    const redirectResult = randomBytes(24).toString('base64url');
    this.results.set(redirectResult, {
      pspReference: payment.pspReference,
      authenticated: url.searchParams.get('password') === THREE_DS_PASSWORD,
    });
    payment.redirectResult = redirectResult;
    const target = new URL(payment.returnUrl);
    target.searchParams.set('redirectResult', redirectResult);
    res.writeHead(302, { location: target.toString(), 'content-length': 0 });
    res.end();
  }

  // ---- webhooks --------------------------------------------------------------------------------

  private emit(item: Omit<NotificationItem, 'eventDate'>): NotificationItem {
    const signed = signItem({ ...item, eventDate: new Date().toISOString() }, this.hmacKey);
    this.notifications.push(signed);
    if (this.holding) this.held.push(signed);
    else this.enqueueDelivery(signed);
    return signed;
  }

  private enqueueDelivery(item: NotificationItem) {
    const sink = this.notify;
    if (!sink) return;
    // Sent after the API answer, one item per message, in order — as Adyen's queue does.
    this.inFlight = this.inFlight
      .then(() => new Promise((r) => setImmediate(r)))
      .then(() => sink(message([item])))
      .then(
        (answer) => this.deliveries.push({ item, ...answer }),
        (error) => this.deliveries.push({ item, status: 0, body: String(error) }),
      );
  }
}

function mask(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const copy = structuredClone(body) as Record<string, any>;
  const method = copy.paymentMethod;
  if (method && typeof method === 'object') {
    if (typeof method.number === 'string') method.number = `…${method.number.slice(-4)}`;
    if (typeof method.cvc === 'string') method.cvc = '***';
  }
  return copy;
}

export async function startAdyenEmulator(options: AdyenEmulatorOptions = {}): Promise<AdyenEmulator> {
  return new AdyenEmulator(options).start();
}

export type { AdyenError };
