// Widget options, validated exactly per docs/product-rules.md#validation ("Card widget options"), with the docs/product-rules.md#constants defaults for
// a checkout without embed data and the docs/product-rules.md#checkout-payment-panel billing fields per payment method. No DOM access at
// import and none in validation except through `resolve`, so every rule is unit-tested in Node.

import { type ColorTheme, isColorTheme } from '@kassa/contract/color-mode';
import { isLocale, LOCALES, type Locale } from '@kassa/contract/i18n/locales';

export type WidgetIntent = 'authorize' | 'preferAuthorize' | 'capture';
export type WidgetMethod = 'card' | 'non-card';
export type StoreOption = boolean | 'ask' | 'preselect';
export type DisplayOption = 'storedOnly' | 'addOnly' | 'supportsTokenization' | 'all';
export type AutoSelectOption = 'first' | 'firstStored' | 'firstNonStored' | 'none' | null;
export type WidgetEnvironment = 'production' | 'sandbox';
/** pay: a checkout; saveCard: the add-card page keeps a card without paying. */
export type WidgetPurpose = 'pay' | 'saveCard';

/** A card the add-card page saved: what a person needs to recognise it, never the number. */
export interface WidgetSavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The completed transaction the hosted fields report (docs/product-rules.md#entities). */
export interface WidgetTransaction {
  id: string;
  status: string;
  /** brand and last4: what a receipt shows of a card ("Visa •••• 4242"); never the number. */
  paymentMethod: { method: string; approvalUrl: string | null; brand?: string | null; last4?: string | null };
}

export interface WidgetError {
  code: string;
  message: string;
}

export interface WidgetOptions {
  /** Where the payment fields go: an element or a CSS selector. */
  element: unknown;
  /** The form whose submit pays: an element or a CSS selector. */
  form?: unknown;
  /** Kassa API host ("pay.example.com", "127.0.0.1:8080"); defaults to the page's host. */
  apiHost?: unknown;
  /** Host serving the hosted fields page; defaults to apiHost. */
  iframeHost?: unknown;
  method?: unknown;
  environment?: unknown;
  /** The merchant account (merchant_id, docs/product-rules.md#checkout-payment-panel). */
  merchantAccountId?: unknown;
  /** The account at the card payment provider (docs/product-rules.md#checkout-payment-panel). */
  providerAccountId?: unknown;
  amount?: unknown;
  intent?: unknown;
  currency?: unknown;
  country?: unknown;
  /** Checkout session token (docs/product-rules.md#entities: token_card for card, token for non-card). */
  token?: unknown;
  metadata?: unknown;
  buyerId?: unknown;
  buyerExternalId?: unknown;
  shippingDetailsId?: unknown;
  /** Card only (docs/product-rules.md#checkout-payment-panel). */
  store?: unknown;
  /**
   * "light" or "dark": the hosted fields take the page's colour mode (Bootstrap's data-bs-theme). Left
   * out, they follow the buyer's system setting.
   */
  theme?: unknown;
  /**
   * The language of the fields ("en", "de", "fr" or "es"), as the embedding page speaks it. Left out,
   * they follow the buyer's browser.
   */
  locale?: unknown;
  /** Card only; 'recurring' (docs/product-rules.md#checkout-payment-panel). */
  paymentSource?: unknown;
  display?: unknown;
  autoSelect?: unknown;
  /** What the page already knows of the buyer: the fields start filled and stay editable. */
  billingDetails?: unknown;
  /** 'saveCard': the token is an add-card link's, and the fields save the card instead of paying. */
  purpose?: unknown;
  /**
   * Name and e-mail fields that may stay blank: a virtual terminal payment keyed in by the merchant
   * (the API holds a buyer checkout to them whatever this says).
   */
  optionalBilling?: unknown;
  onComplete?: unknown;
  /** With purpose 'saveCard': called with the saved card. */
  onCardSaved?: unknown;
  onError?: unknown;
}

/** Options after validation: what `mount` works with. */
export interface ResolvedOptions {
  element: Element;
  form: Element | null;
  apiHost: string;
  iframeHost: string;
  fields: FieldsConfig;
  onComplete: ((transaction: WidgetTransaction) => unknown) | null;
  onCardSaved: ((card: WidgetSavedCard) => unknown) | null;
  onError: ((error: WidgetError) => unknown) | null;
  /** The embedding page's colour mode, passed to the hosted fields; null: the system's. */
  theme: ColorTheme | null;
  /** The embedding page's language, passed to the hosted fields; null: the browser's. */
  locale: Locale | null;
}

/** What the hosted fields page receives (no callbacks, no DOM). */
export interface FieldsConfig {
  method: WidgetMethod;
  environment: WidgetEnvironment;
  apiHost: string;
  merchantAccountId: string;
  providerAccountId: string;
  amount: number;
  intent: WidgetIntent;
  currency: string;
  country: string;
  token: string;
  metadata: Record<string, string>;
  buyerId: string | null;
  buyerExternalId: string | null;
  shippingDetailsId: string | null;
  store: StoreOption | null;
  paymentSource: 'recurring' | null;
  display: DisplayOption;
  autoSelect: AutoSelectOption;
  billingFields: readonly BillingField[];
  /** Starting values of the name and e-mail fields (optional: older hosts do not send it). */
  billingDetails?: BillingDetails;
  /** Optional: older hosts do not send it (pay). */
  purpose?: WidgetPurpose;
  /** Of the name and e-mail fields, those that may stay blank (optional: older hosts do not send it). */
  optionalBilling?: readonly OptionalBillingField[];
}

export type OptionalBillingField = 'firstName' | 'lastName' | 'email';
export const OPTIONAL_BILLING: readonly string[] = ['firstName', 'lastName', 'email'] satisfies OptionalBillingField[];

export interface BillingDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** Thrown for an invalid option (docs/product-rules.md#validation): code argumentError, the option's name and what is wrong. */
export class WidgetArgumentError extends Error {
  readonly code = 'argumentError';
  readonly argument: string;

  constructor(argument: string, message: string) {
    super(message);
    this.name = 'WidgetArgumentError';
    this.argument = argument;
  }
}

export const AMOUNT_MAX = 99_999_999; // docs/product-rules.md#validation, docs/product-rules.md#constants
const INTENTS: readonly WidgetIntent[] = ['authorize', 'preferAuthorize', 'capture'];
const DISPLAYS: readonly DisplayOption[] = ['storedOnly', 'addOnly', 'supportsTokenization', 'all'];
const AUTO_SELECTS: readonly AutoSelectOption[] = ['first', 'firstStored', 'firstNonStored', 'none', null];
const STORES: readonly StoreOption[] = [true, false, 'ask', 'preselect'];

/** docs/product-rules.md#constants: what a checkout uses when its embed data is absent. */
export const WIDGET_DEFAULTS = {
  amount: 0,
  intent: 'capture',
  currency: 'USD',
  country: 'US',
  merchantAccountId: '',
  token: '',
  metadata: {},
} as const satisfies Partial<WidgetOptions>;

/** docs/product-rules.md#entities embed_data / embed_data_card as returned with the checkout token. */
export interface EmbedData {
  amount?: number;
  intent?: string;
  currency?: string;
  country?: string;
  metadata?: Record<string, string>;
  buyer_id?: string | null;
}

/** The money and session part of the options from embed data, falling back to docs/product-rules.md#constants defaults. */
export function optionsFromEmbedData(
  embed: EmbedData | null | undefined,
  session: { token?: string | null; merchantId?: string | null } = {},
): Pick<
  WidgetOptions,
  'amount' | 'intent' | 'currency' | 'country' | 'merchantAccountId' | 'token' | 'metadata' | 'buyerId'
> {
  return {
    amount: embed?.amount ?? WIDGET_DEFAULTS.amount,
    intent: embed?.intent ?? WIDGET_DEFAULTS.intent,
    currency: embed?.currency ?? WIDGET_DEFAULTS.currency,
    country: embed?.country ?? WIDGET_DEFAULTS.country,
    merchantAccountId: session.merchantId ?? WIDGET_DEFAULTS.merchantAccountId,
    token: session.token ?? WIDGET_DEFAULTS.token,
    metadata: embed?.metadata ?? { ...WIDGET_DEFAULTS.metadata },
    buyerId: embed?.buyer_id ?? undefined,
  };
}

export type BillingField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'address.line1'
  | 'address.city'
  | 'address.state'
  | 'address.zipCode'
  | 'address.country'
  | 'address.postalCode';

const NAME_AND_EMAIL: readonly BillingField[] = ['firstName', 'lastName', 'email'];
const CARD_BILLING: readonly BillingField[] = [
  ...NAME_AND_EMAIL,
  'address.line1',
  'address.city',
  'address.state',
  'address.country',
  // One postal code field, labelled for the chosen country (ZIP code in the US): never two.
  'address.postalCode',
];

/** docs/product-rules.md#checkout-payment-panel: card asks for name, e-mail and the address; non-card for name and e-mail only. */
export const billingFieldsFor = (method: WidgetMethod) => (method === 'card' ? CARD_BILLING : NAME_AND_EMAIL);

const HOSTNAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/i;
const IPV6_HOST = /^\[[0-9a-f:.]+\](?::(\d{1,5}))?$/i;

/** "example.com", "pay.example.com:8443", "127.0.0.1:8080", "[::1]:8080" — no scheme, path or credentials. */
export function isValidHost(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 253 + 6) return false;
  const match = HOSTNAME.exec(value) ?? IPV6_HOST.exec(value);
  if (!match) return false;
  return match[1] === undefined || (Number(match[1]) >= 1 && Number(match[1]) <= 65_535);
}

const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 1;

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

function fail(argument: string, message: string): never {
  throw new WidgetArgumentError(argument, message);
}

const optionalString = (options: WidgetOptions, name: keyof WidgetOptions): string | null => {
  const value = options[name];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : fail(name, 'must be a string');
};

const optionalFunction = <F>(options: WidgetOptions, name: 'onComplete' | 'onCardSaved' | 'onError'): F | null => {
  const value = options[name];
  if (value === undefined || value === null) return null;
  return typeof value === 'function' ? (value as F) : fail(name, 'must be a function');
};

export interface ValidationEnvironment {
  /** Resolves a CSS selector (document.querySelector in the browser). */
  resolve(selector: string): unknown;
  /** The page's host, the default API host. */
  pageHost: string;
}

function resolveElement(value: unknown, name: string, env: ValidationEnvironment): Element {
  const element = typeof value === 'string' && value.trim() ? safeResolve(env, value) : value;
  return isElement(element) ? element : fail(name, 'must be a valid HTML element or selector');
}

function safeResolve(env: ValidationEnvironment, selector: string): unknown {
  try {
    return env.resolve(selector);
  } catch {
    return null; // an invalid selector is reported like a missing element
  }
}

/** Validates every option (docs/product-rules.md#validation); throws the first WidgetArgumentError. */
export function validateOptions(options: WidgetOptions, env: ValidationEnvironment): ResolvedOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'must be an object');
  const element = resolveElement(options.element, 'element', env);
  const form = options.form === undefined || options.form === null ? null : resolveElement(options.form, 'form', env);

  const apiHost = options.apiHost ?? env.pageHost;
  if (!isValidHost(apiHost)) fail('apiHost', 'must be a valid hostname');
  const iframeHost = options.iframeHost ?? apiHost;
  if (!isValidHost(iframeHost)) fail('iframeHost', 'must be a valid hostname');

  const method = options.method ?? 'card';
  if (method !== 'card' && method !== 'non-card') fail('method', 'must be card or non-card');
  const environment = options.environment ?? 'production';
  if (environment !== 'production' && environment !== 'sandbox') fail('environment', 'must be production or sandbox');

  const intent = options.intent ?? WIDGET_DEFAULTS.intent;
  if (!INTENTS.includes(intent as WidgetIntent)) fail('intent', `must be one of ${INTENTS.join(', ')}`);

  const currency = options.currency;
  if (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency))
    fail('currency', 'must be a valid currency format');

  const amount = options.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > AMOUNT_MAX) {
    fail('amount', `must be a number between 0 and ${AMOUNT_MAX}`);
  }
  // Minor units: a fraction of a cent cannot be charged.
  if (!Number.isInteger(amount)) fail('amount', 'must be a whole number of minor units');

  if (options.theme !== undefined && !isColorTheme(options.theme)) fail('theme', 'must be "light" or "dark"');
  if (options.locale !== undefined && !isLocale(options.locale)) fail('locale', `must be one of ${LOCALES.join(', ')}`);
  if (options.store !== undefined && !STORES.includes(options.store as StoreOption)) {
    fail('store', 'must be true, false, "ask" or "preselect"');
  }
  if (options.paymentSource !== undefined && options.paymentSource !== 'recurring') {
    fail('paymentSource', 'must be "recurring"');
  }
  if (method !== 'card') {
    // docs/product-rules.md#checkout-payment-panel: the store flag and the recurring source belong to the card widget only.
    if (options.store !== undefined) fail('store', 'is only available for card payments');
    if (options.paymentSource !== undefined) fail('paymentSource', 'is only available for card payments');
  }

  const display = options.display ?? 'all';
  if (typeof display !== 'string' || !DISPLAYS.includes(display as DisplayOption)) {
    fail('display', `must be one of ${DISPLAYS.join(', ')}`);
  }

  const buyerId = optionalString(options, 'buyerId');
  const buyerExternalId = optionalString(options, 'buyerExternalId');
  const shippingDetailsId = optionalString(options, 'shippingDetailsId');
  if (shippingDetailsId && !buyerId && !buyerExternalId) {
    fail('shippingDetailsId', 'requires a buyerId or buyerExternalId');
  }

  // docs/product-rules.md#checkout-payment-panel: the first option is auto-selected unless the page says otherwise.
  const autoSelect = options.autoSelect === undefined ? 'first' : options.autoSelect;
  if (!AUTO_SELECTS.includes(autoSelect as AutoSelectOption)) {
    fail('autoSelect', 'must be one of first, firstStored, firstNonStored, none or null');
  }

  const country = options.country;
  if (country === undefined || country === null || country === '') fail('country', 'is required');
  if (typeof country !== 'string' || !/^[a-z]{2}$/i.test(country)) fail('country', 'must be a valid country code');

  const token = options.token;
  if (token === undefined || token === null || token === '') fail('token', 'is required');
  if (typeof token !== 'string') fail('token', 'must be a string');

  const metadata = options.metadata ?? {};
  if (!isStringRecord(metadata)) fail('metadata', 'must be an object of string values');

  const billingDetails = readBillingDetails(options.billingDetails);
  const purpose = options.purpose ?? 'pay';
  if (purpose !== 'pay' && purpose !== 'saveCard') fail('purpose', 'must be pay or saveCard');
  if (purpose === 'saveCard' && method !== 'card') fail('purpose', 'saveCard is only available for card payments');
  const optionalBilling = options.optionalBilling ?? [];
  if (!Array.isArray(optionalBilling) || !optionalBilling.every((f) => OPTIONAL_BILLING.includes(f))) {
    fail('optionalBilling', 'must be a list of firstName, lastName and email');
  }

  const merchantAccountId = optionalString(options, 'merchantAccountId') ?? '';
  const providerAccountId = optionalString(options, 'providerAccountId') ?? '';

  return {
    element,
    form,
    apiHost,
    iframeHost,
    onComplete: optionalFunction(options, 'onComplete'),
    onCardSaved: optionalFunction(options, 'onCardSaved'),
    onError: optionalFunction(options, 'onError'),
    theme: isColorTheme(options.theme) ? options.theme : null,
    locale: isLocale(options.locale) ? options.locale : null,
    fields: {
      method: method as WidgetMethod,
      environment: environment as WidgetEnvironment,
      apiHost,
      merchantAccountId,
      providerAccountId,
      amount,
      intent: intent as WidgetIntent,
      currency: currency.toUpperCase(),
      country: country.toUpperCase(),
      token,
      metadata: { ...metadata },
      buyerId,
      buyerExternalId,
      shippingDetailsId,
      store: method === 'card' ? ((options.store as StoreOption | undefined) ?? null) : null,
      paymentSource: method === 'card' ? ((options.paymentSource as 'recurring' | undefined) ?? null) : null,
      display: display as DisplayOption,
      autoSelect: autoSelect as AutoSelectOption,
      billingFields: billingFieldsFor(method as WidgetMethod),
      billingDetails,
      purpose,
      optionalBilling: optionalBilling as OptionalBillingField[],
    },
  };
}

function readBillingDetails(value: unknown): BillingDetails {
  if (value === undefined || value === null) return {};
  if (!isStringRecord(value)) fail('billingDetails', 'must be an object of string values');
  const details: BillingDetails = {};
  for (const key of ['firstName', 'lastName', 'email'] as const) {
    const text = value[key]?.trim();
    if (text) details[key] = text.slice(0, 254);
  }
  return details;
}
