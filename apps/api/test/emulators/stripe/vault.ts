// Saved cards at the loopback Stripe, from the API reference: Customers (create, retrieve, search),
// PaymentMethods (retrieve, attach, detach, list, a Customer's list) and SetupIntents (create with
// confirm, retrieve, cancel). A SetupIntent with `usage=off_session` that succeeds marks the card as
// set up, which is what lets 4000 0025 0000 3155 pay off-session later; one that needs
// authentication answers `requires_action` with a `use_stripe_sdk` next action (Stripe.js's job).
import { outcomeOf } from './cards.ts';
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
import {
  cardPaymentMethod,
  type PaymentMethodState,
  paymentMethodObject,
  usablePaymentMethod,
} from './payment-methods.ts';

interface CustomerState {
  id: string;
  account: string;
  created: number;
  description: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  metadata: Record<string, string>;
}

interface SetupIntentState {
  id: string;
  account: string;
  created: number;
  clientSecret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  usage: 'off_session' | 'on_session';
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'canceled' | 'succeeded';
  paymentMethod: PaymentMethodState | null;
  lastSetupError: Record<string, unknown> | null;
  nextAction: Record<string, unknown> | null;
  cancellationReason: string | null;
}

export interface StripeVaultOptions {
  livemode: (account: string) => boolean;
  rawCardData: boolean;
  sendEvent: (account: string, type: string, object: Record<string, unknown>) => unknown;
}

const cardData = obj({ number: str(), exp_month: int(), exp_year: int(), cvc: str() });
const CUSTOMER_CREATE = {
  description: str(),
  email: str(512),
  expand: arr(str()),
  metadata,
  name: str(256),
  phone: str(20),
};
const CUSTOMER_SEARCH = { query: str(10000), limit: int(1), page: str(), expand: arr(str()) };
const PAGING = { ending_before: str(), expand: arr(str()), limit: int(1), starting_after: str() };
const PAYMENT_METHOD_LIST = { ...PAGING, customer: str(), type: oneOf('card') };
const CUSTOMER_PAYMENT_METHOD_LIST = {
  ...PAGING,
  allow_redisplay: oneOf('always', 'limited', 'unspecified'),
  type: oneOf('card'),
};
const ATTACH = { customer: str(), expand: arr(str()) };
const EXPAND_ONLY = { expand: arr(str()) };
const SETUP_INTENT_CREATE = {
  confirm: bool,
  customer: str(),
  description: str(1000),
  expand: arr(str()),
  metadata,
  payment_method: str(),
  payment_method_data: obj({ type: oneOf('card'), card: cardData, metadata }),
  payment_method_options: obj({ card: obj({ request_three_d_secure: oneOf('any', 'automatic', 'challenge') }) }),
  payment_method_types: arr(str()),
  return_url: str(),
  usage: oneOf('off_session', 'on_session'),
  use_stripe_sdk: bool,
};
const SETUP_INTENT_CANCEL = {
  cancellation_reason: oneOf('abandoned', 'duplicate', 'requested_by_customer'),
  expand: arr(str()),
};

/** Newest first, paged with starting_after / ending_before and limit (default 10, at most 100). */
function page<T extends { id: string }>(items: T[], p: Parsed, url: string, toObject: (item: T) => unknown) {
  let found = [...items].reverse();
  const cursor = (present(p.starting_after as string | undefined) ?? present(p.ending_before as string | undefined))!;
  if (cursor !== undefined) {
    const at = found.findIndex((item) => item.id === cursor);
    if (at < 0) throw invalidRequest(`No such object: '${cursor}'`, { code: 'resource_missing', status: 404 });
    found = present(p.starting_after as string | undefined) ? found.slice(at + 1) : found.slice(0, at);
  }
  const limit = Math.min(present(p.limit as number | undefined) ?? 10, 100);
  return { object: 'list', data: found.slice(0, limit).map(toObject), has_more: found.length > limit, url };
}

export function createStripeVault(options: StripeVaultOptions) {
  const customers = new Map<string, CustomerState>();
  const paymentMethods = new Map<string, PaymentMethodState>();
  const setupIntents = new Map<string, SetupIntentState>();
  const pmObject = (pm: PaymentMethodState) => paymentMethodObject(pm, options.livemode(pm.account));

  function customerObject(c: CustomerState): Record<string, unknown> {
    return {
      id: c.id,
      object: 'customer',
      created: c.created,
      description: c.description,
      email: c.email,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      livemode: options.livemode(c.account),
      metadata: c.metadata,
      name: c.name,
      phone: c.phone,
    };
  }

  function setupIntentObject(si: SetupIntentState, expand?: Parsed): Record<string, unknown> {
    const pm = si.paymentMethod;
    return {
      id: si.id,
      object: 'setup_intent',
      cancellation_reason: si.cancellationReason,
      client_secret: si.clientSecret,
      created: si.created,
      customer: si.customer,
      description: si.description,
      last_setup_error: si.lastSetupError,
      livemode: options.livemode(si.account),
      metadata: si.metadata,
      next_action: si.nextAction,
      payment_method: pm && expand && expands(expand, 'payment_method') ? pmObject(pm) : (pm?.id ?? null),
      payment_method_types: ['card'],
      status: si.status,
      usage: si.usage,
    };
  }

  function findCustomer(account: string, id: string, param = 'customer') {
    const customer = customers.get(id);
    if (!customer || customer.account !== account) {
      throw invalidRequest(`No such customer: '${id}'`, { code: 'resource_missing', param, status: 404 });
    }
    return customer;
  }

  function findPaymentMethod(account: string, id: string) {
    const pm = paymentMethods.get(id);
    if (!pm || pm.account !== account) {
      throw invalidRequest(`No such PaymentMethod: '${id}'`, {
        code: 'resource_missing',
        param: 'payment_method',
        status: 404,
      });
    }
    return pm;
  }

  /** The card is kept from the moment a request starts executing, attached or not. */
  function register(pm: PaymentMethodState) {
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function attach(pm: PaymentMethodState, customer: string) {
    pm.customer = customer;
    options.sendEvent(pm.account, 'payment_method.attached', pmObject(pm));
  }

  /** `payment_method` or `payment_method_data` of a PaymentIntent or SetupIntent, checked before it starts. */
  function paymentMethodFor(account: string, p: Parsed, customer: string | undefined): PaymentMethodState | null {
    const pmData = present(p.payment_method_data as Parsed | undefined);
    const pmId = present(p.payment_method as string | undefined);
    if (pmData && pmId) {
      throw invalidRequest('You cannot provide both payment_method and payment_method_data.', {
        code: 'parameters_exclusive',
        param: 'payment_method_data',
      });
    }
    if (pmId) {
      const pm = paymentMethods.get(pmId);
      return usablePaymentMethod(pm?.account === account ? pm : undefined, pmId, customer);
    }
    return pmData ? cardPaymentMethod(pmData, account, options.rawCardData) : null;
  }

  // ---- Customers -----------------------------------------------------------------------------
  const createCustomer: Handler = (account, form, begin) => {
    const p = validateParams(CUSTOMER_CREATE, form);
    begin();
    const text = (name: string) => present(p[name] as string | undefined) ?? null;
    const customer: CustomerState = {
      id: newId('cus'),
      account,
      created: nowSeconds(),
      description: text('description'),
      email: text('email'),
      name: text('name'),
      phone: text('phone'),
      metadata: (present(p.metadata as Record<string, string>) ?? {}) as Record<string, string>,
    };
    customers.set(customer.id, customer);
    options.sendEvent(account, 'customer.created', customerObject(customer));
    return customerObject(customer);
  };

  const retrieveCustomer: Handler = (account, form, _begin, { id }) => {
    validateParams(EXPAND_ONLY, form);
    return customerObject(findCustomer(account, id!, 'id'));
  };

  const searchCustomers: Handler = (account, form) => {
    const p = validateParams(CUSTOMER_SEARCH, form);
    requireParams(p, 'query');
    const tests = parseSearchQuery(String(p.query), ['email', 'name', 'phone']).map(
      ({ metadataKey, field, value }) =>
        (c: CustomerState) =>
          metadataKey !== undefined
            ? c.metadata[metadataKey] === value
            : c[field as 'email' | 'name' | 'phone'] === value,
    );
    const limit = Math.min(present(p.limit as number | undefined) ?? 10, 100);
    const found = [...customers.values()]
      .filter((c) => c.account === account && tests.every((t) => t(c)))
      .sort((a, b) => b.created - a.created);
    return {
      object: 'search_result',
      data: found.slice(0, limit).map(customerObject),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/customers/search',
    };
  };

  // ---- PaymentMethods ------------------------------------------------------------------------
  const ofCustomer = (account: string, customer: string) =>
    [...paymentMethods.values()].filter((pm) => pm.account === account && pm.customer === customer);

  const listPaymentMethods: Handler = (account, form) => {
    const p = validateParams(PAYMENT_METHOD_LIST, form);
    const customer = present(p.customer as string | undefined);
    if (customer) findCustomer(account, customer);
    // Without a customer the list holds only PaymentMethods of Treasury flows: none here.
    return page(customer ? ofCustomer(account, customer) : [], p, '/v1/payment_methods', pmObject);
  };

  const listCustomerPaymentMethods: Handler = (account, form, _begin, { id }) => {
    const p = validateParams(CUSTOMER_PAYMENT_METHOD_LIST, form);
    findCustomer(account, id!);
    return page(ofCustomer(account, id!), p, `/v1/customers/${id}/payment_methods`, pmObject);
  };

  const retrievePaymentMethod: Handler = (account, form, _begin, { id }) => {
    validateParams(EXPAND_ONLY, form);
    return pmObject(findPaymentMethod(account, id!));
  };

  const attachPaymentMethod: Handler = (account, form, begin, { id }) => {
    const p = validateParams(ATTACH, form);
    requireParams(p, 'customer');
    const pm = findPaymentMethod(account, id!);
    findCustomer(account, String(p.customer));
    begin();
    if (pm.spent) {
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method' },
      );
    }
    if (pm.customer) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        param: 'payment_method',
      });
    }
    const outcome = outcomeOf(pm.number, options.livemode(account));
    if (outcome.kind === 'decline' && !outcome.chargesOnly) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: outcome.code,
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message: outcome.message,
        param: '',
      });
    }
    attach(pm, String(p.customer));
    return pmObject(pm);
  };

  const detachPaymentMethod: Handler = (account, form, begin, { id }) => {
    validateParams(EXPAND_ONLY, form);
    const pm = findPaymentMethod(account, id!);
    begin();
    if (!pm.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        { param: 'payment_method' },
      );
    }
    pm.customer = null;
    pm.spent = true;
    options.sendEvent(account, 'payment_method.detached', pmObject(pm));
    return pmObject(pm);
  };

  // ---- SetupIntents --------------------------------------------------------------------------
  function findSetupIntent(account: string, id: string) {
    const si = setupIntents.get(id);
    if (!si || si.account !== account) {
      throw invalidRequest(`No such setupintent: '${id}'`, { code: 'resource_missing', param: 'intent', status: 404 });
    }
    return si;
  }

  /** Confirms with the card: no money moves, so only the card check and authentication matter. */
  function confirmSetup(si: SetupIntentState, pm: PaymentMethodState) {
    const outcome = outcomeOf(pm.number, options.livemode(si.account));
    if (outcome.kind === 'three_d_secure') {
      si.status = 'requires_action';
      si.nextAction = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' } };
      options.sendEvent(si.account, 'setup_intent.requires_action', setupIntentObject(si));
      return;
    }
    if (outcome.kind === 'decline' && !outcome.chargesOnly) {
      si.status = 'requires_payment_method';
      si.lastSetupError = {
        type: 'card_error',
        code: outcome.code,
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message: outcome.message,
        payment_method: pmObject(pm),
      };
      options.sendEvent(si.account, 'setup_intent.setup_failed', setupIntentObject(si));
      throw new StripeApiError(402, { ...si.lastSetupError, setup_intent: setupIntentObject(si) });
    }
    si.status = 'succeeded';
    si.nextAction = null;
    if (si.usage === 'off_session') pm.setUpOffSession = true;
    if (si.customer && pm.customer !== si.customer) attach(pm, si.customer);
    options.sendEvent(si.account, 'setup_intent.succeeded', setupIntentObject(si));
  }

  const createSetupIntent: Handler = (account, form, begin) => {
    const p = validateParams(SETUP_INTENT_CREATE, form);
    const customer = present(p.customer as string | undefined);
    if (customer) findCustomer(account, customer);
    const confirmNow = p.confirm === true;
    const returnUrl = present(p.return_url as string | undefined);
    if (returnUrl && !confirmNow) {
      throw invalidRequest('You can only pass in return_url when confirm is true.', { param: 'return_url' });
    }
    for (const [i, t] of ((present(p.payment_method_types as string[] | undefined) ?? []) as string[]).entries()) {
      if (t !== 'card')
        throw invalidRequest(`The payment method type "${t}" is invalid.`, { param: `payment_method_types[${i}]` });
    }
    const pm = paymentMethodFor(account, p, customer);
    if (confirmNow && !pm) {
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. To confirm the SetupIntent with a payment method, pass `payment_method` or `payment_method_data`.",
        { code: 'setup_intent_unexpected_state' },
      );
    }
    begin();
    const id = newId('seti');
    const si: SetupIntentState = {
      id,
      account,
      created: nowSeconds(),
      clientSecret: `${id}_secret_${newId('s').slice(2)}`,
      customer: customer ?? null,
      description: present(p.description as string | undefined) ?? null,
      metadata: (present(p.metadata as Record<string, string>) ?? {}) as Record<string, string>,
      usage: present(p.usage as SetupIntentState['usage'] | undefined) ?? 'off_session',
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      paymentMethod: pm ? register(pm) : null,
      lastSetupError: null,
      nextAction: null,
      cancellationReason: null,
    };
    setupIntents.set(id, si);
    options.sendEvent(account, 'setup_intent.created', setupIntentObject(si));
    if (confirmNow && pm) confirmSetup(si, pm);
    return setupIntentObject(si, p);
  };

  const retrieveSetupIntent: Handler = (account, form, _begin, { id }) => {
    const p = validateParams({ client_secret: str(), expand: arr(str()) }, form);
    return setupIntentObject(findSetupIntent(account, id!), p);
  };

  const cancelSetupIntent: Handler = (account, form, begin, { id }) => {
    const p = validateParams(SETUP_INTENT_CANCEL, form);
    const si = findSetupIntent(account, id!);
    begin();
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw invalidRequest(
        `You cannot cancel this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`,
        { code: 'setup_intent_unexpected_state' },
      );
    }
    si.status = 'canceled';
    si.nextAction = null;
    si.cancellationReason = present(p.cancellation_reason as string | undefined) ?? null;
    options.sendEvent(account, 'setup_intent.canceled', setupIntentObject(si));
    return setupIntentObject(si, p);
  };

  const routes: { method: string; pattern: RegExp; handler: Handler }[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, handler: createCustomer },
    { method: 'GET', pattern: /^\/v1\/customers\/search$/, handler: searchCustomers },
    { method: 'GET', pattern: /^\/v1\/customers\/(?<id>[^/]+)\/payment_methods$/, handler: listCustomerPaymentMethods },
    { method: 'GET', pattern: /^\/v1\/customers\/(?<id>[^/]+)$/, handler: retrieveCustomer },
    { method: 'GET', pattern: /^\/v1\/payment_methods$/, handler: listPaymentMethods },
    { method: 'GET', pattern: /^\/v1\/payment_methods\/(?<id>[^/]+)$/, handler: retrievePaymentMethod },
    { method: 'POST', pattern: /^\/v1\/payment_methods\/(?<id>[^/]+)\/attach$/, handler: attachPaymentMethod },
    { method: 'POST', pattern: /^\/v1\/payment_methods\/(?<id>[^/]+)\/detach$/, handler: detachPaymentMethod },
    { method: 'POST', pattern: /^\/v1\/setup_intents$/, handler: createSetupIntent },
    { method: 'GET', pattern: /^\/v1\/setup_intents\/(?<id>[^/]+)$/, handler: retrieveSetupIntent },
    { method: 'POST', pattern: /^\/v1\/setup_intents\/(?<id>[^/]+)\/cancel$/, handler: cancelSetupIntent },
  ];

  return {
    routes,
    findCustomer,
    paymentMethodFor,
    register,
    attach,
    pmObject,
    /** Test inspection: what the account's Customer holds. */
    customer: (id: string) => {
      const c = customers.get(id);
      return c ? customerObject(c) : undefined;
    },
    customers: (account?: string) =>
      [...customers.values()].filter((c) => !account || c.account === account).map(customerObject),
    paymentMethod: (id: string) => {
      const pm = paymentMethods.get(id);
      return pm ? pmObject(pm) : undefined;
    },
    setupIntent: (id: string) => {
      const si = setupIntents.get(id);
      return si ? setupIntentObject(si) : undefined;
    },
    /**
     * The card account updater: the issuer sent a new expiry for a card on a Customer, which Stripe
     * takes and announces as payment_method.automatically_updated.
     */
    renewCard: (id: string, expMonth: number, expYear: number) => {
      const pm = paymentMethods.get(id);
      if (!pm?.customer) throw new Error(`No PaymentMethod ${id} on a Customer`);
      pm.expMonth = expMonth;
      pm.expYear = expYear;
      options.sendEvent(pm.account, 'payment_method.automatically_updated', pmObject(pm));
    },
  };
}
