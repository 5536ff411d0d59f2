// The hosted fields page `/pay/fields`, frame side of the widget protocol (protocol.ts): it says
// `ready`, takes the host's `config`, renders the card and billing fields (docs/product-rules.md#checkout-payment-panel), and on the
// host's `submit` validates, charges through the API and reports `result`, `error` or
// `approval-start`. Card data stays inside this iframe: it goes only into the same-origin charge
// request and is never posted to the host, stored or logged (docs/ARCHITECTURE.md "Payments").
import type { ChargeBody, ChargeResult, CheckoutCardSession, SubscribeBody } from '@kassa/contract/checkout';
import {
  buyerErrorTexts,
  cardFieldErrorKey,
  declineText as declineTextOf,
  giftCardPartialValues,
} from '@kassa/contract/i18n/buyer-error-keys';
import { hostedFieldsEn } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import { pickLocale } from '@kassa/contract/i18n/locales';
import { createPlaceholderTranslator } from '@kassa/contract/i18n/placeholder-translate';
import {
  type BillingField,
  billingFieldsFor,
  type FieldsConfig,
  OPTIONAL_BILLING,
  type WidgetMethod,
} from '../options.ts';
import { envelope, type FrameMessage, readHostMessage } from '../protocol.ts';
import { buildChargeBody } from './charge-body.ts';
import {
  type ApiOutcome,
  type ClientOptions,
  getCardSession,
  getPayment,
  newIdempotencyKey,
  postAddCard,
  postCharge,
  postSubscribe,
} from './charge-client.ts';
import { BILLING_FIELDS, CARD_FIELDS, ERROR_PATH_FIELD, type FieldId, postalCodeLabel } from './field-specs.ts';
import { type FieldsForm, type FieldsLanguage, renderForm } from './render-form.ts';
import {
  renderSaveConsent,
  renderSavedCards,
  renderSubscribeConsent,
  type SaveConsent,
  type SavedCardChoice,
  type SubscribeConsent,
} from './saved-cards.ts';
import { type FieldValues, validateFields } from './validate.ts';
import { wireInputs } from './wire-inputs.ts';

/** While the approval window is open, how often the page asks the API whether the buyer answered. */
export const APPROVAL_POLL_MS = 2000;

export interface FieldsPageEnv {
  window: Window;
  /** The page's <main>; the form replaces its content. */
  root: HTMLElement;
  fetch: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

type State = 'waiting' | 'idle' | 'paying' | 'approval' | 'paid';
type Failure = Extract<ApiOutcome<unknown>, { ok: false }>;

interface PageQuery {
  channel: string;
  parent: string;
  method: WidgetMethod;
}

const SUCCEEDED = new Set(['capture_succeeded', 'authorization_succeeded']);
/** What a saved-card payment still asks of the buyer: who pays (the contract's billing name and e-mail). */
const SAVED_CARD_FIELDS: readonly FieldId[] = ['billing-first-name', 'billing-last-name', 'billing-email'];

function readQuery(search: string): PageQuery | null {
  const query = new URLSearchParams(search);
  const channel = query.get('channel') ?? '';
  const parent = query.get('parent') ?? '';
  const method = query.get('method') ?? 'card';
  if (!/^[0-9a-f]{32}$/.test(channel) || (method !== 'card' && method !== 'non-card')) return null;
  try {
    if (new URL(parent).origin !== parent) return null;
  } catch {
    return null;
  }
  return { channel, parent, method };
}

/**
 * The language the API wrote the page in, from the buyer's Accept-Language (docs/i18n.md): <html lang>,
 * and the texts in `data-texts` on <main>, any missing one in English, which this script carries.
 */
function pageLanguage(doc: Document, root: HTMLElement): FieldsLanguage {
  const locale = pickLocale(doc.documentElement.lang);
  let texts: unknown = null;
  try {
    texts = JSON.parse(root.dataset.texts ?? 'null');
  } catch {
    texts = null; // unreadable texts: the page speaks English
  }
  const messages = texts && typeof texts === 'object' ? (texts as Record<string, string>) : hostedFieldsEn;
  return { locale, t: createPlaceholderTranslator(locale, messages, hostedFieldsEn) };
}

/** Name and e-mail the page already knows start filled, so the buyer does not type them again. */
function prefill(form: FieldsForm, details: FieldsConfig['billingDetails']) {
  if (!details || typeof details !== 'object') return;
  const start: [FieldId, unknown][] = [
    ['billing-first-name', details.firstName],
    ['billing-last-name', details.lastName],
    ['billing-email', details.email],
  ];
  for (const [id, value] of start) {
    const input = form.inputs.get(id);
    if (input && typeof value === 'string' && value) input.value = value.slice(0, 254);
  }
}

/** The postal code's label follows the chosen country (ZIP code, Postcode, PIN code…). */
function labelPostalCode(form: FieldsForm) {
  const country = form.inputs.get('billing-country');
  const label = form.form.querySelector<HTMLLabelElement>('label[for="billing-postal-code"]');
  const text = label?.firstChild;
  if (!label || !text || text.nodeType !== 3) return;
  const update = () => {
    text.textContent = form.language.t(postalCodeLabel(country?.value ?? ''));
  };
  update();
  country?.addEventListener('change', update);
}

const isCardSession = (value: unknown): value is CheckoutCardSession =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as CheckoutCardSession).saved_cards) &&
  typeof (value as CheckoutCardSession).can_save === 'boolean';

/**
 * What the buyer reads of a failed call: the page's words when the server could not be reached or sent no
 * message; else the server's own message for an English reader (the API writes English, docs/i18n.md), and
 * for another the catalogue's text of a rate limit or a sentence it knows (buyer-error-keys.ts).
 */
function failureText(outcome: Failure, { locale, t }: FieldsLanguage): string {
  if (outcome.code === 'network_error') return t('error.unreachable');
  if (outcome.code === 'http_error' || outcome.code === 'internal') return t('error.generic');
  if (locale === 'en') return outcome.message;
  if (outcome.code === 'rate_limited') return t('error.rateLimited');
  const known = buyerErrorTexts(outcome.message, locale);
  return known ? known.map(({ key, values }) => t(key, values)).join(' ') : outcome.message;
}

/** A field error the API wrote: as written for an English reader, else the page's own text for it where it has one. */
function fieldErrorText(message: string, { locale, t }: FieldsLanguage): string {
  if (locale === 'en') return message;
  const giftCard = giftCardPartialValues(message, locale);
  if (giftCard) return t('error.giftCardPartial', giftCard);
  const known = cardFieldErrorKey(message);
  return known ? t(known.key, known.values) : message;
}

/** Why the card was declined: the processor's words for an English reader, else the decline's text (buyer-error-keys.ts). */
function declineText(result: ChargeResult, { locale, t }: FieldsLanguage): string {
  if (locale === 'en') return result.failure_reason ?? t('form.declined');
  const text = declineTextOf(result.failure_code, result.failure_reason);
  return text ? t(text.key, text.values) : t('form.declined');
}

function savedCardChargeBody(values: FieldValues, token: string, paymentMethodId: string): ChargeBody {
  const v = (id: FieldId) => (values[id] ?? '').trim();
  return {
    token,
    method: 'card',
    payment_method_id: paymentMethodId,
    billing: { firstName: v('billing-first-name'), lastName: v('billing-last-name'), emailAddress: v('billing-email') },
  };
}

export function startFieldsPage(env: FieldsPageEnv): { stop(): void } {
  const win = env.window;
  const doc = env.root.ownerDocument;
  const now = env.now ?? (() => new Date());
  const client: ClientOptions = {
    fetch: env.fetch,
    sleep: env.sleep ?? ((ms) => new Promise((resolve) => win.setTimeout(resolve, ms))),
  };
  const language = pageLanguage(doc, env.root);
  const { t } = language;
  const query = readQuery(win.location.search);
  if (!query || win.parent === win) {
    env.root.textContent = t('page.notInWidget');
    return { stop() {} };
  }
  const { channel, parent } = query;

  let state: State = 'waiting';
  let config: FieldsConfig | null = null;
  let form: FieldsForm | null = null;
  let pollTimer: number | undefined;
  let pendingPaymentId: string | null = null;
  // docs/product-rules.md#entities: the completed result carries the approval URL; the settled payment no longer does.
  let approvalUrl: string | null = null;
  // An attempt that got no answer (network, gateway): resubmitting the same data reuses its key, so
  // the server can still tell it is the same payment.
  let unanswered: { key: string; body: string } | null = null;
  let lastHeight = -1;
  // Filled in when GET /pay/session/ answers: the saved cards offered and the save consent.
  let savedCards: SavedCardChoice | null = null;
  let consent: SaveConsent | null = null;
  // paymentSource 'recurring' on a checkout with a recurring price: the button subscribes.
  let subscription: SubscribeConsent | null = null;

  const post = (message: FrameMessage) => win.parent.postMessage(envelope(channel, message), parent);

  const reportHeight = () => {
    const height = Math.ceil(env.root.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post({ type: 'resize', height });
  };
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(reportHeight) : null;
  resizeObserver?.observe(env.root);

  const fieldIds = (): FieldId[] => (form ? [...form.inputs.keys()] : []);
  const readValues = (): FieldValues =>
    Object.fromEntries(fieldIds().map((id) => [id, form?.inputs.get(id)?.value ?? '']));

  function onConfig(received: FieldsConfig) {
    if (state !== 'waiting') return; // one configuration per page load
    if (typeof received.token !== 'string' || received.token === '') {
      post({ type: 'error', error: { code: 'invalid_config', message: 'The payment form has no checkout token.' } });
      return;
    }
    config = received;
    const known = Array.isArray(received.billingFields)
      ? received.billingFields.filter((field): field is BillingField => field in BILLING_FIELDS)
      : [];
    const asked = known.length > 0 ? known : billingFieldsFor(query!.method);
    const optional = new Set<BillingField>(
      Array.isArray(received.optionalBilling)
        ? received.optionalBilling.filter((f) => OPTIONAL_BILLING.includes(f))
        : [],
    );
    // A configuration that lists both the ZIP and the postal code still gets one field.
    const billing = asked
      .filter((f) => f !== 'address.zipCode' || !asked.includes('address.postalCode'))
      .map((f) => (optional.has(f) ? { ...BILLING_FIELDS[f], optional: true } : BILLING_FIELDS[f]));
    const saveOnly = received.purpose === 'saveCard' && query!.method === 'card';
    const groups = saveOnly
      ? [
          { legend: 'group.card' as const, fields: CARD_FIELDS },
          { legend: 'group.cardHolder' as const, fields: [BILLING_FIELDS.firstName, BILLING_FIELDS.lastName] },
        ]
      : query!.method === 'card'
        ? [
            { legend: 'group.card' as const, fields: CARD_FIELDS },
            { legend: 'group.billing' as const, fields: billing },
          ]
        : [{ legend: 'group.buyer' as const, fields: billing }];
    const country = typeof received.country === 'string' ? received.country : '';
    form = renderForm(doc, env.root, groups, country, language);
    wireInputs(form, readValues, now, reportHeight);
    labelPostalCode(form);
    prefill(form, received.billingDetails);
    state = 'idle';
    reportHeight();
    if (query!.method === 'card' && !saveOnly) void loadCardSession(received);
  }

  /** Saved cards go above the card inputs, the consent under them; a page already paying is left alone. */
  async function loadCardSession(received: FieldsConfig) {
    const outcome = await getCardSession(client, received.token);
    if (!outcome.ok || !isCardSession(outcome.result) || state !== 'idle' || !form) return;
    const session = outcome.result;
    const [cardGroup, billingGroup] = [...form.fieldset.querySelectorAll<HTMLElement>(':scope > .kf-group')];
    if (received.paymentSource === 'recurring' && session.subscription) {
      subscription = renderSubscribeConsent(doc, session.subscription);
      cardGroup?.append(subscription.element);
    } else if (session.can_save) {
      consent = renderSaveConsent(doc, session.store ?? received.store ?? null, t);
      if (consent) cardGroup?.append(consent.element);
    }
    if (session.customer_bound) {
      const showCardInputs = (savedId: string | null) => {
        if (cardGroup) cardGroup.hidden = savedId !== null;
        // One click: who pays is asked only while the page does not know it yet.
        const known = Object.keys(validateFields(SAVED_CARD_FIELDS, readValues(), now(), t)).length === 0;
        if (billingGroup) billingGroup.hidden = savedId !== null && known;
        form?.setMessage(null);
        reportHeight();
      };
      savedCards = renderSavedCards(
        doc,
        session.saved_cards,
        { display: received.display, autoSelect: received.autoSelect, onChange: showCardInputs },
        t,
      );
      if (savedCards) {
        form.fieldset.prepend(savedCards.element);
        showCardInputs(savedCards.selected());
      }
    }
    reportHeight();
  }

  async function pay() {
    if (state !== 'idle' || !form || !config) return;
    const f = form;
    const values = readValues();
    const savedId = savedCards?.selected() ?? null;
    const checked = savedId ? SAVED_CARD_FIELDS : fieldIds();
    const errors = validateFields(checked, values, now(), t, f.optional);
    for (const id of checked) f.setError(id, errors[id] ?? null);
    const firstInvalid = checked.find((id) => errors[id]);
    if (firstInvalid) {
      const billingGroup = f.inputs.get(firstInvalid)?.closest<HTMLElement>('.kf-group');
      if (billingGroup) billingGroup.hidden = false;
      f.inputs.get(firstInvalid)?.focus();
      f.setMessage('error', t('form.checkFields'));
      reportHeight();
      post({ type: 'error', error: { code: 'invalid_input', message: t('form.fieldsNeedAttention') } });
      return;
    }
    if (config.purpose === 'saveCard') return saveCard(values);
    if (subscription && !savedId) return subscribe(values, subscription);
    const body = JSON.stringify(
      savedId
        ? savedCardChargeBody(values, config.token, savedId)
        : {
            ...buildChargeBody(values, { token: config.token, method: query!.method, fieldIds: fieldIds() }),
            ...(consent?.wanted()
              ? { save_card: true, save_card_shown: consent.shown, save_card_page: query!.parent }
              : {}),
          },
    );
    const key = unanswered?.body === body ? unanswered.key : newIdempotencyKey();
    state = 'paying';
    approvalUrl = null;
    f.setBusy(true);
    f.setMessage('info', t('form.processing'));
    reportHeight();
    const outcome = await postCharge(client, JSON.parse(body) as ChargeBody, key);
    unanswered = !outcome.ok && (outcome.status === 0 || outcome.status >= 500) ? { key, body } : null;
    if (outcome.ok) handleResult(outcome.result);
    else showFailure(outcome);
  }

  /** The add-card page: the card is kept for the link's customer, nothing is paid. */
  async function saveCard(values: FieldValues) {
    const f = form!;
    const { card } = buildChargeBody(values, { token: config!.token, method: 'card', fieldIds: fieldIds() });
    const v = (id: FieldId) => (values[id] ?? '').trim();
    const body = JSON.stringify({
      card,
      billing: { firstName: v('billing-first-name'), lastName: v('billing-last-name') },
    });
    const key = unanswered?.body === body ? unanswered.key : newIdempotencyKey();
    state = 'paying';
    f.setBusy(true);
    f.setMessage('info', t('form.savingCard'));
    reportHeight();
    const outcome = await postAddCard(client, config!.token, JSON.parse(body), key);
    unanswered = !outcome.ok && (outcome.status === 0 || outcome.status >= 500) ? { key, body } : null;
    if (!outcome.ok) return showFailure(outcome);
    state = 'paid'; // this link's card is saved: the form stays disabled
    f.setMessage('success', t('form.cardSaved'));
    reportHeight();
    const saved = outcome.result.card;
    post({
      type: 'card-saved',
      card: { brand: saved.brand, last4: saved.last4, expMonth: saved.exp_month, expYear: saved.exp_year },
    });
  }

  /** Subscribes with the typed card: consent ticked first, then one POST /pay/subscribe/ per key. */
  async function subscribe(values: FieldValues, offer: SubscribeConsent) {
    const f = form!;
    if (!offer.ticked()) {
      f.setMessage('error', t('form.consentMissing'));
      reportHeight();
      post({ type: 'error', error: { code: 'invalid_input', message: t('form.consentMissing') } });
      return;
    }
    const { token, card, billing } = buildChargeBody(values, {
      token: config!.token,
      method: 'card',
      fieldIds: fieldIds(),
    });
    const body = JSON.stringify({ token, card, billing, consent: true });
    const key = unanswered?.body === body ? unanswered.key : newIdempotencyKey();
    state = 'paying';
    f.setBusy(true);
    f.setMessage('info', t('form.subscribing'));
    reportHeight();
    const outcome = await postSubscribe(client, JSON.parse(body) as SubscribeBody, key);
    unanswered = !outcome.ok && (outcome.status === 0 || outcome.status >= 500) ? { key, body } : null;
    if (!outcome.ok) return showFailure(outcome);
    state = 'paid'; // subscribed: the form stays disabled
    const result = outcome.result;
    f.setMessage('success', t(result.status === 'trialing' ? 'form.trialStarted' : 'form.subscribed'));
    reportHeight();
    post({
      type: 'result',
      transaction: {
        id: result.subscription_id,
        status: result.status,
        paymentMethod: { method: 'card', approvalUrl: null, brand: result.card?.brand, last4: result.card?.last4 },
      },
    });
  }

  function handleResult(result: ChargeResult) {
    const url = result.payment_method.approval_url;
    if (result.status === 'buyer_approval_pending' && url) {
      state = 'approval';
      pendingPaymentId = result.id;
      approvalUrl = url;
      form?.setMessage('info', t('form.approveInWindow'));
      reportHeight();
      post({ type: 'approval-start', url });
      pollTimer = win.setInterval(() => void checkPayment(false), APPROVAL_POLL_MS);
      return;
    }
    finish(result);
  }

  /** `final`: the approval window closed, so whatever the API says now is the answer. */
  async function checkPayment(final: boolean) {
    if (state !== 'approval' || !pendingPaymentId || !config) return;
    const outcome = await getPayment(client, pendingPaymentId, config.token);
    if (state !== 'approval') return; // another check already finished the payment
    if (outcome.ok && (final || outcome.result.status !== 'buyer_approval_pending')) finish(outcome.result);
    else if (!outcome.ok && final) showFailure(outcome);
  }

  function stopPolling() {
    win.clearInterval(pollTimer);
    pollTimer = undefined;
    pendingPaymentId = null;
  }

  function finish(result: ChargeResult) {
    stopPolling();
    const f = form!;
    if (SUCCEEDED.has(result.status)) {
      state = 'paid'; // the form stays disabled: this checkout is paid
      f.setBusy(true);
      f.setMessage('success', t('form.paid'));
    } else {
      state = 'idle';
      f.setBusy(false);
      f.setMessage(
        'error',
        result.status === 'authorization_failed'
          ? declineText(result, language)
          : t(result.status === 'buyer_approval_pending' ? 'form.notApproved' : 'form.failed'),
      );
    }
    reportHeight();
    post({
      type: 'result',
      transaction: {
        id: result.id,
        status: result.status,
        paymentMethod: {
          method: result.method,
          approvalUrl: result.payment_method.approval_url ?? approvalUrl,
          brand: result.payment_method.brand,
          last4: result.payment_method.last4,
        },
      },
    });
  }

  function showFailure(outcome: Failure) {
    stopPolling();
    state = 'idle';
    const f = form!;
    f.setBusy(false);
    const marked = new Set<FieldId>();
    for (const error of outcome.errors) {
      const id = ERROR_PATH_FIELD[error.path];
      if (id && f.inputs.has(id) && !marked.has(id)) {
        marked.add(id);
        f.setError(id, fieldErrorText(error.message, language));
      }
    }
    f.setMessage('error', marked.size > 0 ? t('form.checkFields') : failureText(outcome, language));
    const first = fieldIds().find((id) => marked.has(id));
    if (first) f.inputs.get(first)?.focus();
    reportHeight();
    post({ type: 'error', error: { code: outcome.code, message: outcome.message } });
  }

  const onMessage = (event: MessageEvent) => {
    const message = readHostMessage(event, { origin: parent, source: win.parent, channel });
    if (!message) return;
    if (message.type === 'config') onConfig(message.config);
    else if (message.type === 'submit') void pay();
    else if (message.type === 'approval-closed') void checkPayment(true);
  };
  win.addEventListener('message', onMessage);
  post({ type: 'ready' });

  return {
    stop() {
      stopPolling();
      resizeObserver?.disconnect();
      win.removeEventListener('message', onMessage);
    },
  };
}
