// @vitest-environment jsdom
import { HOSTED_FIELDS_CATALOGUES } from '@kassa/contract/i18n/hosted-fields-catalogue';
import { pickLocale } from '@kassa/contract/i18n/locales';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { FieldsConfig } from '../options.ts';
import { billingFieldsFor } from '../options.ts';
import { envelope, type FrameMessage, type HostMessage } from '../protocol.ts';
import { APPROVAL_POLL_MS, startFieldsPage } from './fields-page.ts';

const CHANNEL = '0123456789abcdef0123456789abcdef';
const PARENT = 'https://shop.example.com';
const NOW = new Date('2026-11-21T10:00:00Z');
const TOKEN = 'checkout-token-0123456789';

const config = (over: Partial<FieldsConfig> = {}): FieldsConfig => ({
  method: 'card',
  environment: 'production',
  apiHost: 'pay.example.com',
  merchantAccountId: 'm1',
  providerAccountId: '',
  amount: 1299,
  intent: 'capture',
  currency: 'USD',
  country: 'US',
  token: TOKEN,
  metadata: {},
  buyerId: null,
  buyerExternalId: null,
  shippingDetailsId: null,
  store: null,
  paymentSource: null,
  display: 'all',
  autoSelect: 'first',
  billingFields: billingFieldsFor(over.method ?? 'card'),
  ...over,
});

const chargeResult = (over: Record<string, unknown> = {}) => ({
  id: '7d9c1c1e-5a39-4f5e-9a43-2f7f0b0f1a01',
  status: 'capture_succeeded',
  amount: 1299,
  currency: 'USD',
  method: 'card',
  gift_card_amount: 0,
  failure_reason: null,
  payment_method: { approval_url: null, brand: 'visa', last4: '4242' },
  ...over,
});

const reply = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;
const success = (result: unknown) => reply(200, { status: 'success', result });

let stop: (() => void) | undefined;
/** What the API writes into <main data-texts> for a buyer of another language than English (page-html.ts). */
let shellTexts: string | undefined;

/** What GET /pay/session/ answers unless a test says otherwise: nothing to save, no saved cards. */
const NO_SESSION = { store: null, can_save: false, customer_bound: false, saved_cards: [] };
const SESSION_URL = '/apiv1/pay/session/';

function setup(opts: { search?: string; fetch?: Mock; session?: unknown } = {}) {
  const method = new URLSearchParams(opts.search ?? '').get('method');
  document.body.innerHTML = '<main id="kassa-fields"></main>';
  if (shellTexts) document.getElementById('kassa-fields')!.dataset.texts = shellTexts;
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const parentWindow = frame.contentWindow!;
  const posted = vi.spyOn(parentWindow, 'postMessage').mockImplementation(() => undefined);
  const search =
    opts.search ?? `?${new URLSearchParams({ channel: CHANNEL, parent: PARENT, method: method ?? 'card' })}`;
  const fakeWindow = {
    location: { search },
    parent: parentWindow,
    addEventListener: (type: string, listener: EventListener) => window.addEventListener(type, listener),
    removeEventListener: (type: string, listener: EventListener) => window.removeEventListener(type, listener),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  } as unknown as Window;
  const fetch = opts.fetch ?? vi.fn(async () => success(chargeResult()));
  const root = document.getElementById('kassa-fields')!;
  // The session call is answered here, so `fetch` sees only the payment calls each test is about.
  const sessionFetch = vi.fn(async () => success(opts.session ?? NO_SESSION));
  const routed = ((url: string, init?: RequestInit) =>
    url === SESSION_URL ? sessionFetch() : fetch(url, init)) as typeof globalThis.fetch;
  stop = startFieldsPage({
    window: fakeWindow,
    root,
    fetch: routed,
    now: () => NOW,
    sleep: async () => undefined,
  }).stop;

  const fromHost = (message: HostMessage, origin = PARENT, source: Window | null = parentWindow, channel = CHANNEL) =>
    window.dispatchEvent(new MessageEvent('message', { data: envelope(channel, message), origin, source }));
  const sent = () => posted.mock.calls.map(([data]) => (data as { message: FrameMessage }).message);
  const input = (id: string) => document.getElementById(id) as HTMLInputElement;
  const type = (id: string, text: string) => {
    const field = input(id);
    field.focus();
    for (const char of text) {
      field.value += char;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: char }));
    }
  };
  const fill = (id: string, value: string) => {
    const field = input(id);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const error = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? '';
  return { fromHost, sent, posted, input, type, fill, error, fetch, sessionFetch, root };
}

/** A fields page the host has sent its usual config to: where most tests start. */
function setupConfigured(opts: Parameters<typeof setup>[0] = {}, over: Partial<FieldsConfig> = {}) {
  const s = setup(opts);
  s.fromHost({ type: 'config', config: config(over) });
  return s;
}

function fillCard(s: ReturnType<typeof setup>, number = '4242424242424242') {
  fillCardAndName(s, number);
  s.fill('billing-email', 'ada@example.com');
  s.fill('billing-line1', '1 Analytical Way');
  s.fill('billing-city', 'London');
  s.fill('billing-postal-code', 'N1 9GU');
}

/** All the add-card page (purpose saveCard) asks for: the card and the name on it. */
function fillCardAndName(s: ReturnType<typeof setup>, number = '4242424242424242') {
  s.type('card-number', number);
  s.type('card-expiry', '1229');
  s.type('card-cvc', '987');
  s.fill('billing-first-name', 'Ada');
  s.fill('billing-last-name', 'Lovelace');
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('protocol', () => {
  it('says ready to the parent origin, then renders the card and billing fields from the config', () => {
    const s = setup();
    expect(s.posted.mock.calls[0]).toEqual([envelope(CHANNEL, { type: 'ready' }), PARENT]);
    expect(document.querySelector('form')).toBeNull();
    s.fromHost({ type: 'config', config: config() });
    const ids = [...document.querySelectorAll('input, select')].map((e) => e.id);
    expect(ids).toEqual([
      'card-number',
      'card-expiry',
      'card-cvc',
      'billing-first-name',
      'billing-last-name',
      'billing-email',
      'billing-line1',
      'billing-city',
      'billing-state',
      'billing-country',
      'billing-postal-code',
    ]);
    for (const id of ids) {
      const label = document.querySelector(`label[for="${id}"]`);
      expect(label?.textContent, id).toBeTruthy();
    }
    expect(document.querySelector('label[for="card-number"]')?.textContent).toBe('Card number');
    expect(s.input('billing-country').value).toBe('US');
    expect(s.input('card-number').getAttribute('autocomplete')).toBe('cc-number');
    expect(s.sent().some((m) => m.type === 'resize')).toBe(true);
  });

  it('asks for one postal code, labelled for the chosen country', () => {
    const s = setupConfigured();
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels.filter((text) => /zip|postal|postcode/i.test(text ?? ''))).toEqual(['ZIP code (optional)']);
    const country = s.input('billing-country');
    country.value = 'GB';
    country.dispatchEvent(new Event('change'));
    expect(document.querySelector('label[for="billing-postal-code"]')?.textContent).toBe('Postcode (optional)');
    country.value = 'FR';
    country.dispatchEvent(new Event('change'));
    expect(document.querySelector('label[for="billing-postal-code"]')?.textContent).toBe('Postal code (optional)');
  });

  it('starts with the name and e-mail the page already knows, still editable', () => {
    const s = setup();
    s.fromHost({
      type: 'config',
      config: config({ billingDetails: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' } }),
    });
    expect(s.input('billing-first-name').value).toBe('Grace');
    expect(s.input('billing-last-name').value).toBe('Hopper');
    expect(s.input('billing-email').value).toBe('grace@example.com');
    expect(s.input('billing-email').readOnly).toBe(false);
  });

  it('shows one postal code field even when the configuration lists the ZIP code too', () => {
    const s = setup();
    const both = [...billingFieldsFor('card'), 'address.zipCode' as const];
    s.fromHost({ type: 'config', config: config({ billingFields: both }) });
    expect(document.getElementById('billing-zip-code')).toBeNull();
    expect(document.getElementById('billing-postal-code')).toBeTruthy();
  });

  it('asks only for name and email address for non-card payments', () => {
    const s = setup({ search: `?${new URLSearchParams({ channel: CHANNEL, parent: PARENT, method: 'non-card' })}` });
    s.fromHost({ type: 'config', config: config({ method: 'non-card' }) });
    expect([...document.querySelectorAll('input, select')].map((e) => e.id)).toEqual([
      'billing-first-name',
      'billing-last-name',
      'billing-email',
    ]);
  });

  it('ignores messages from another origin, another window or another channel', () => {
    const s = setup();
    s.fromHost({ type: 'config', config: config() }, 'https://evil.example.com');
    s.fromHost({ type: 'config', config: config() }, PARENT, window);
    s.fromHost({ type: 'config', config: config() }, PARENT, undefined, 'f'.repeat(32));
    expect(document.querySelector('form')).toBeNull();
    s.fromHost({ type: 'config', config: config() });
    expect(document.querySelector('form')).not.toBeNull();
  });

  it('refuses to run outside the widget (no channel or parent)', () => {
    const s = setup({ search: '?method=card' });
    expect(s.root.textContent).toBe('This payment form opens inside a merchant checkout page.');
    expect(s.posted).not.toHaveBeenCalled();
  });
});

describe('card inputs', () => {
  // Visa in fours up to 19 digits with a 3-digit code; American Express 4-6-5, 15 digits, a 4-digit code,
  // its badge shortened to fit beside the number on a phone.
  it.each([
    { brand: 'Visa', typed: '424242424242424299999', shown: '4242 4242 4242 4242 999', cvcLength: 3 },
    { brand: 'Amex', typed: '3782822463100059', shown: '3782 822463 10005', cvcLength: 4 },
  ])('formats a $brand number as it is typed, shows the brand and sizes the code', (card) => {
    const s = setupConfigured();
    s.type('card-number', card.typed);
    expect(s.input('card-number').value).toBe(card.shown);
    expect(document.getElementById('card-brand')?.textContent).toBe(card.brand);
    expect(s.input('card-cvc').maxLength).toBe(card.cvcLength);
  });

  it('takes digits only in the security code, up to the brand length', () => {
    const s = setupConfigured();
    s.type('card-number', '3782822463100059');
    s.type('card-cvc', '12a345');
    expect(s.input('card-cvc').value).toBe('1234');
  });

  it('formats the expiry as MM / YY', () => {
    const s = setupConfigured();
    s.type('card-expiry', '1229');
    expect(s.input('card-expiry').value).toBe('12 / 29');
  });

  it('runs the Luhn check when the buyer leaves the number, and clears the error once fixed', () => {
    const s = setupConfigured();
    s.type('card-number', '4242424242424241');
    s.input('card-number').dispatchEvent(new FocusEvent('blur'));
    expect(s.error('card-number')).toBe('This card number is not valid. Check it and try again.');
    expect(s.input('card-number').getAttribute('aria-invalid')).toBe('true');
    expect(s.input('card-number').getAttribute('aria-describedby')).toBe('card-number-error');
    s.fill('card-number', '4242 4242 4242 4242');
    expect(s.error('card-number')).toBe('');
    expect(s.input('card-number').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('submit', () => {
  it('shows every problem inline and reports an error without calling the API', async () => {
    const s = setupConfigured();
    s.type('card-expiry', '1025');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.error('card-number')).toBe('Enter the card number.');
    expect(s.error('card-expiry')).toBe('This card has expired or the date is not valid.');
    expect(s.error('card-cvc')).toBe('Enter the security code.');
    expect(s.error('billing-first-name')).toBe('Enter the first name.');
    expect(s.error('billing-email')).toBe('Enter the email address.');
    expect(s.error('billing-line1')).toBe('Enter the street address.');
    expect(s.error('billing-state')).toBe('');
    expect(document.activeElement?.id).toBe('card-number');
    expect(s.sent().at(-1)).toEqual({
      type: 'error',
      error: { code: 'invalid_input', message: 'Some payment fields need attention.' },
    });
  });

  it('lets the name and e-mail stay blank when the host marks them optional (a keyed terminal payment)', async () => {
    const s = setup();
    s.fromHost({ type: 'config', config: config({ optionalBilling: ['firstName', 'lastName', 'email'] }) });
    expect(document.querySelector('label[for="billing-email"]')?.textContent).toBe('Email address (optional)');
    fillCard(s);
    for (const id of ['billing-first-name', 'billing-last-name', 'billing-email']) s.fill(id, '');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).toHaveBeenCalledTimes(1);
    const [, init] = s.fetch.mock.calls[0]! as [string, RequestInit];
    expect(JSON.parse(String(init.body)).billing).toMatchObject({ firstName: '', lastName: '', emailAddress: '' });
  });

  it('still checks an optional e-mail that is typed', async () => {
    const s = setup();
    s.fromHost({ type: 'config', config: config({ optionalBilling: ['firstName', 'lastName', 'email'] }) });
    fillCard(s);
    s.fill('billing-email', 'nope');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.error('billing-email')).toBe('Enter a valid email address, like name@example.com.');
    expect(s.error('billing-first-name')).toBe('');
  });

  it('charges the same origin with the card and billing details, then reports the result', async () => {
    const s = setupConfigured();
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = s.fetch.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/apiv1/pay/charge/');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(String(init.body))).toEqual({
      token: TOKEN,
      method: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2029, cvc: '987' },
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailAddress: 'ada@example.com',
        address: {
          line1: '1 Analytical Way',
          city: 'London',
          state: '',
          zipCode: '',
          postalCode: 'N1 9GU',
          country: 'US',
        },
      },
    });
    expect(s.sent().at(-1)).toEqual({
      type: 'result',
      transaction: {
        id: chargeResult().id,
        status: 'capture_succeeded',
        paymentMethod: { method: 'card', approvalUrl: null, brand: 'visa', last4: '4242' },
      },
    });
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(document.getElementById('kassa-fields-message')?.textContent).toBe('Payment complete.');
    // A second submit on a paid form does nothing.
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).toHaveBeenCalledTimes(1);
  });

  it('never posts the card number, expiry or security code to the host, nor logs them', async () => {
    const logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
    const s = setup({
      fetch: vi
        .fn()
        .mockResolvedValueOnce(
          reply(400, {
            status: 'error',
            code: 'invalid_input',
            message: 'Invalid card number.',
            errors: [{ path: 'card.number', message: 'Invalid card number.' }],
          }),
        )
        .mockResolvedValueOnce(success(chargeResult())),
    });
    s.fromHost({ type: 'config', config: config() });
    fillCard(s, '4000000000003220');
    s.fromHost({ type: 'submit' });
    await flush();
    s.fromHost({ type: 'submit' });
    await flush();
    const everything = JSON.stringify([s.posted.mock.calls, ...logs.map((l) => l.mock.calls)]);
    for (const secret of ['4000000000003220', '4000 0000 0000 3220', '987', '12 / 29']) {
      expect(everything).not.toContain(secret);
    }
    expect(s.sent().map((m) => m.type)).toContain('result');
  });

  it('retries a lost connection with the same Idempotency-Key', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(reply(503, { status: 'error', code: 'internal', message: 'Unavailable' }))
      .mockResolvedValueOnce(success(chargeResult()));
    const s = setupConfigured({ fetch });
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(fetch).toHaveBeenCalledTimes(3);
    const keys = fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(s.sent().at(-1)?.type).toBe('result');
  });

  it('shows the API field errors inline and reports the error', async () => {
    const s = setup({
      fetch: vi.fn(async () =>
        reply(400, {
          status: 'error',
          code: 'invalid_input',
          message: 'The security code has 3 digits.',
          errors: [{ path: 'card.cvv', message: 'The security code has 3 digits.' }],
        }),
      ),
    });
    s.fromHost({ type: 'config', config: config() });
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.error('card-cvc')).toBe('The security code has 3 digits.');
    expect(document.activeElement?.id).toBe('card-cvc');
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    expect(s.sent().at(-1)).toEqual({
      type: 'error',
      error: { code: 'invalid_input', message: 'The security code has 3 digits.' },
    });
  });

  it('reports a decline as a result and lets the buyer try another card', async () => {
    const s = setup({
      fetch: vi.fn(async () =>
        success(chargeResult({ status: 'authorization_failed', failure_reason: 'Your card was declined.' })),
      ),
    });
    s.fromHost({ type: 'config', config: config() });
    fillCard(s, '4000000000000002');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.sent().at(-1)).toMatchObject({ type: 'result', transaction: { status: 'authorization_failed' } });
    expect(document.getElementById('kassa-fields-message')?.textContent).toBe('Your card was declined.');
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
  });
});

describe('approval', () => {
  const approvalUrl = 'https://pay.example.com/pay/approve/ref_0123456789';
  const pending = chargeResult({
    status: 'buyer_approval_pending',
    payment_method: { approval_url: approvalUrl, brand: 'visa', last4: '3220' },
  });

  it('opens the approval window, then reports the final status once it closes', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(success(pending))
      .mockResolvedValueOnce(
        success({
          ...pending,
          status: 'capture_succeeded',
          payment_method: { ...pending.payment_method, approval_url: null },
        }),
      );
    const s = setupConfigured({ fetch });
    fillCard(s, '4000000000003220');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.sent().at(-1)).toEqual({ type: 'approval-start', url: approvalUrl });
    s.fromHost({ type: 'approval-closed' });
    await flush();
    expect(fetch.mock.calls[1]![0]).toBe(`/apiv1/pay/payment/${pending.id}/`);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ headers: { 'x-checkout-token': TOKEN } });
    expect(s.sent().at(-1)).toEqual({
      type: 'result',
      transaction: {
        id: pending.id,
        status: 'capture_succeeded',
        paymentMethod: { method: 'card', approvalUrl, brand: 'visa', last4: '3220' },
      },
    });
  });

  it('polls while the window is open and reports as soon as the buyer answered', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(success(pending))
      .mockResolvedValueOnce(success(pending))
      .mockResolvedValueOnce(success({ ...pending, status: 'authorization_failed' }));
    const s = setupConfigured({ fetch });
    fillCard(s, '4000000000003220');
    s.fromHost({ type: 'submit' });
    await flush();
    await vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS);
    expect(s.sent().at(-1)?.type).toBe('approval-start');
    await vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS);
    expect(s.sent().at(-1)).toMatchObject({ type: 'result', transaction: { status: 'authorization_failed' } });
    await vi.advanceTimersByTimeAsync(APPROVAL_POLL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('reports a still-pending payment when the window closes unanswered', async () => {
    const fetch = vi.fn().mockResolvedValue(success(pending));
    const s = setupConfigured({ fetch });
    fillCard(s, '4000000000003220');
    s.fromHost({ type: 'submit' });
    await flush();
    s.fromHost({ type: 'approval-closed' });
    await flush();
    expect(s.sent().at(-1)).toMatchObject({ type: 'result', transaction: { status: 'buyer_approval_pending' } });
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
  });
});

/** A saved card of the bound customer, as GET /pay/session/ lists it. */
const VISA = {
  id: '3f0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  expired: false,
};

describe('saving cards and saved cards', () => {
  const OLD = {
    id: '9a8b7c6d-1c1e-4b7e-9d7e-0a1b2c3d4e5f',
    brand: 'mastercard',
    last4: '4444',
    exp_month: 1,
    exp_year: 2024,
    expired: true,
  };
  const session = (over: Record<string, unknown> = {}) => ({ ...NO_SESSION, can_save: true, ...over });
  const body = (s: ReturnType<typeof setup>) => JSON.parse(String((s.fetch.mock.calls[0]![1] as RequestInit).body));
  const saveBox = () => document.getElementById('save-card') as HTMLInputElement | null;
  const cardGroup = () => document.querySelector<HTMLElement>('[aria-label="Card details"]')!;
  const billingGroup = () => document.querySelector<HTMLElement>('[aria-label="Billing details"]')!;

  it('asks the checkout session with the token in a header', async () => {
    const s = setupConfigured();
    await flush();
    expect(s.sessionFetch).toHaveBeenCalledTimes(1);
  });

  it('store "ask": an unticked "Save this card for future payments"; ticking it sends save_card', async () => {
    const s = setupConfigured({ session: session() }, { store: 'ask' });
    await flush();
    expect(saveBox()?.checked).toBe(false);
    expect(saveBox()?.closest('label')?.textContent).toBe(' Save this card for future payments');
    saveBox()!.click();
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).toMatchObject({
      method: 'card',
      save_card: true,
      save_card_shown: 'checkbox',
      save_card_page: PARENT,
    });
  });

  it("paymentSource 'recurring' on a recurring checkout: the terms, the authorisation box, and a subscribe only once ticked", async () => {
    const subscription = {
      label: '€12.00 every month',
      trial: null,
      consent_text: 'I authorise Acme Gym to charge my card €12.00 every month until I cancel.',
    };
    const s = setupConfigured({ session: session({ subscription }) }, { paymentSource: 'recurring' });
    await flush();
    expect(document.getElementById('subscription-terms')?.textContent).toBe('€12.00 every month');
    const box = document.getElementById('subscribe-consent') as HTMLInputElement;
    expect(box.closest('label')?.textContent).toBe(` ${subscription.consent_text}`);
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).not.toHaveBeenCalled();
    box.click();
    s.fromHost({ type: 'submit' });
    await flush();
    expect(String(s.fetch.mock.calls[0]![0])).toContain('/apiv1/pay/subscribe/');
    expect(body(s)).toMatchObject({ consent: true, card: { number: expect.any(String) } });
  });

  it('store "preselect": the box starts ticked, and unticked nothing is saved', async () => {
    const s = setupConfigured({ session: session() }, { store: 'preselect' });
    await flush();
    expect(saveBox()?.checked).toBe(true);
    saveBox()!.click();
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).not.toHaveProperty('save_card');
  });

  it('store true shows the notice and saves; the session’s store wins over the widget’s', async () => {
    const s = setupConfigured({ session: session({ store: true }) }, { store: 'ask' });
    await flush();
    expect(saveBox()).toBeNull();
    expect(document.getElementById('save-card-notice')?.textContent).toBe(
      'This card will be saved for future payments',
    );
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).toMatchObject({ save_card: true, save_card_shown: 'notice' });
  });

  it('store true as the widget’s own option: the notice, and the charge says the notice was shown', async () => {
    const s = setupConfigured({ session: session() }, { store: true });
    await flush();
    expect(document.getElementById('save-card-notice')).not.toBeNull();
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).toMatchObject({ save_card: true, save_card_shown: 'notice' });
  });

  it('offers nothing to save when the processor keeps no vault, or store is false', async () => {
    setupConfigured({ session: session({ can_save: false }) }, { store: 'preselect' });
    await flush();
    expect(saveBox()).toBeNull();
    setupConfigured({ session: session() }, { store: false });
    await flush();
    expect(saveBox()).toBeNull();
    expect(document.getElementById('save-card-notice')).toBeNull();
  });

  it('offers the bound customer’s saved cards first and pays with one click', async () => {
    const s = setupConfigured(
      { session: session({ customer_bound: true, saved_cards: [VISA, OLD] }) },
      { store: 'ask', billingDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } },
    );
    await flush();
    const choices = [...document.querySelectorAll<HTMLInputElement>('input[name="saved-card"]')];
    expect(choices.map((c) => c.closest('label')?.textContent?.trim())).toEqual([
      'Visa •••• 4242, expires 12/30',
      'Mastercard •••• 4444, expired 01/24',
      'Use another card',
    ]);
    expect(choices.map((c) => [c.checked, c.disabled])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(cardGroup().hidden).toBe(true);
    expect(billingGroup().hidden).toBe(true);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).toEqual({
      token: TOKEN,
      method: 'card',
      payment_method_id: VISA.id,
      billing: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' },
    });
  });

  it('"Use another card" shows the card inputs again and pays with the typed card', async () => {
    const s = setupConfigured({ session: session({ customer_bound: true, saved_cards: [VISA] }) }, { store: 'ask' });
    await flush();
    (document.getElementById('saved-card-new') as HTMLInputElement).click();
    expect(cardGroup().hidden).toBe(false);
    expect(billingGroup().hidden).toBe(false);
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(body(s)).toMatchObject({ card: { number: '4242424242424242' } });
    expect(body(s)).not.toHaveProperty('payment_method_id');
  });

  it('asks who pays when the page does not know it, checking only those fields', async () => {
    const s = setupConfigured({ session: session({ customer_bound: true, saved_cards: [VISA] }) });
    await flush();
    expect(billingGroup().hidden).toBe(false);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.error('billing-first-name')).toBe('Enter the first name.');
    expect(s.error('billing-line1')).toBe('');
    expect(s.error('card-number')).toBe('');
  });

  it('shows the decline of a saved card', async () => {
    const s = setupConfigured(
      {
        session: session({ customer_bound: true, saved_cards: [VISA] }),
        fetch: vi.fn(async () =>
          success(chargeResult({ status: 'authorization_failed', failure_reason: 'The card was declined.' })),
        ),
      },
      { billingDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } },
    );
    await flush();
    s.fromHost({ type: 'submit' });
    await flush();
    expect(document.getElementById('kassa-fields-message')?.textContent).toBe('The card was declined.');
    expect(s.sent().at(-1)).toMatchObject({ type: 'result', transaction: { status: 'authorization_failed' } });
  });

  it('storedOnly offers no other card; addOnly no saved ones', async () => {
    setupConfigured({ session: session({ customer_bound: true, saved_cards: [VISA] }) }, { display: 'storedOnly' });
    await flush();
    expect(document.getElementById('saved-card-new')).toBeNull();
    setupConfigured({ session: session({ customer_bound: true, saved_cards: [VISA] }) }, { display: 'addOnly' });
    await flush();
    expect(document.querySelector('input[name="saved-card"]')).toBeNull();
  });
});

describe('the add-card page (purpose saveCard)', () => {
  const saved = {
    id: '3f0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f',
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2029,
    expired: false,
  };

  it('asks for the card and the name on it, saves it without paying and reports the card', async () => {
    const s = setupConfigured(
      { fetch: vi.fn(async () => success({ card: saved })) },
      { purpose: 'saveCard', amount: 0 },
    );
    await flush();
    expect(s.sessionFetch).not.toHaveBeenCalled();
    expect(s.input('billing-email')).toBeNull();
    expect(s.input('billing-line1')).toBeNull();
    fillCardAndName(s);
    s.fromHost({ type: 'submit' });
    await flush();
    const [url, init] = s.fetch.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/apiv1/pay/add-card/');
    expect(init.headers).toMatchObject({ 'x-add-card-token': TOKEN });
    expect(JSON.parse(String(init.body))).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2029, cvc: '987' },
      billing: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(s.sent().at(-1)).toEqual({
      type: 'card-saved',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 },
    });
    expect(document.getElementById('kassa-fields-message')?.textContent).toBe('Card saved.');
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
  });

  it('shows a refused card and lets the buyer try again', async () => {
    const fetch = vi.fn(async () =>
      reply(422, { status: 'error', code: 'business_rule', message: 'The card was declined.' }),
    );
    const s = setupConfigured({ fetch }, { purpose: 'saveCard' });
    fillCardAndName(s, '4000000000000002');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(document.getElementById('kassa-fields-message')?.textContent).toBe('The card was declined.');
    expect((document.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
  });
});

describe('in the buyer’s language (the <html lang> the API wrote)', () => {
  const label = (id: string) => document.querySelector(`label[for="${id}"]`)?.textContent;
  const message = () => document.getElementById('kassa-fields-message')?.textContent;
  const speak = (lang: string) => {
    document.documentElement.lang = lang;
    const locale = pickLocale(lang);
    shellTexts = locale === 'en' ? undefined : JSON.stringify(HOSTED_FIELDS_CATALOGUES[locale]);
  };
  afterEach(() => speak(''));

  it('French: labels, placeholders, country names and the errors of an empty submit', () => {
    speak('fr');
    const s = setupConfigured({}, { country: 'FR' });
    expect(document.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Informations de la carte');
    expect(label('card-number')).toBe('Numéro de carte');
    expect(label('card-expiry')).toBe('Date d’expiration (MM / AA)');
    expect(s.input('card-expiry').placeholder).toBe('MM / AA');
    expect(label('billing-email')).toBe('Adresse e-mail');
    expect(label('billing-postal-code')).toBe('Code postal (facultatif)');
    expect(document.querySelector('#billing-country option[value="DE"]')?.textContent).toBe('Allemagne');
    s.fromHost({ type: 'submit' });
    expect(s.error('card-number')).toBe('Saisissez le numéro de carte.');
    expect(s.error('billing-first-name')).toBe('Saisissez le prénom.');
    expect(message()).toBe('Vérifiez les champs signalés.');
  });

  it('Spanish: labels and the errors of a wrong number and a short security code', () => {
    speak('es-MX');
    const s = setupConfigured();
    expect(label('card-number')).toBe('Número de tarjeta');
    expect(label('card-cvc')).toBe('Código de seguridad (CVC)');
    expect(label('billing-postal-code')).toBe('Código ZIP (opcional)');
    s.type('card-number', '4242424242424241');
    s.input('card-number').dispatchEvent(new Event('blur'));
    expect(s.error('card-number')).toBe('Este número de tarjeta no es válido. Revísalo e inténtalo de nuevo.');
    s.fill('card-number', '378282246310005');
    s.input('card-number').dispatchEvent(new Event('input'));
    expect(s.input('card-cvc').placeholder).toBe('4 dígitos');
    s.type('card-cvc', '123');
    s.input('card-cvc').dispatchEvent(new Event('blur'));
    expect(s.error('card-cvc')).toBe('El código de seguridad tiene 4 dígitos.');
  });

  it('German: the save-card checkbox, the saved cards and the progress of a payment', async () => {
    speak('de');
    const s = setupConfigured(
      { session: { ...NO_SESSION, can_save: true, customer_bound: true, saved_cards: [VISA] } },
      { store: 'ask', autoSelect: 'firstNonStored' },
    );
    await flush();
    expect(document.getElementById('save-card')?.closest('label')?.textContent).toBe(
      ' Diese Karte für künftige Zahlungen speichern',
    );
    const choices = [...document.querySelectorAll('input[name="saved-card"]')].map(
      (i) => i.closest('label')?.textContent,
    );
    expect(choices).toEqual([' Visa •••• 4242, gültig bis 12/30', ' Andere Karte verwenden']);
    fillCard(s);
    s.fromHost({ type: 'submit' });
    expect(message()).toBe('Ihre Zahlung wird verarbeitet …');
    await flush();
    expect(message()).toBe('Zahlung abgeschlossen.');
  });

  /** A payment or add-card call the API refuses, in English. */
  const refusal = (code: string, message: string) =>
    reply(code === 'rate_limited' ? 429 : 422, { status: 'error', code, message });
  const declined = (failure_code: string | null, failure_reason: string) =>
    success(chargeResult({ status: 'authorization_failed', failure_code, failure_reason }));

  // Each answer is what the API says to one submit after another, next to the sentence the buyer then reads.
  const answeredInEnglish: {
    title: string;
    lang: string;
    purpose?: FieldsConfig['purpose'];
    answers: [Response, string][];
  }[] = [
    {
      title: 'French: a decline by its code, an expired checkout and a rate limit the API words in English',
      lang: 'fr',
      answers: [
        [
          declined('insufficient_funds', 'Insufficient funds'),
          'Le solde de votre carte est insuffisant. Essayez une autre carte.',
        ],
        [
          refusal('business_rule', 'This checkout session has expired. Reload the page to start again.'),
          'Cette session de paiement a expiré. Rechargez la page pour recommencer.',
        ],
        [
          refusal('rate_limited', 'Too many payment attempts. Try again in 1 minute.'),
          'Trop de tentatives. Patientez une minute puis réessayez.',
        ],
        [refusal('business_rule', 'A sentence no catalogue knows.'), 'A sentence no catalogue knows.'],
      ],
    },
    {
      title:
        'German: an invoice part another buyer’s payment made too large, and declines the processor words its own way',
      lang: 'de',
      answers: [
        [
          refusal(
            'business_rule',
            'The amount is more than the balance due of $40.00. Reload the invoice to see what is left to pay.',
          ),
          'Der Betrag ist höher als der offene Betrag von 40,00\u00a0$. Laden Sie die Rechnung neu, um zu sehen, was noch zu zahlen ist.',
        ],
        [
          declined('card_declined', 'Card declined: a test card cannot pay in live mode.'),
          'Mit einer Testkarte kann hier nicht bezahlt werden. Verwenden Sie eine echte Karte.',
        ],
        [declined(null, 'Refused (R7).'), 'Ihre Karte wurde abgelehnt. Der Zahlungsdienst meldete: „Refused (R7).“'],
      ],
    },
    {
      title: 'French: the add-card link refused for its mode, for a service that keeps no cards, and for a decline',
      lang: 'fr',
      purpose: 'saveCard',
      answers: [
        [
          refusal('business_rule', "This customer pays in test mode, and the merchant's card payments are live now."),
          'Ce client est en mode test, mais les paiements par carte du marchand sont actuellement en mode réel. La carte ne peut pas être enregistrée.',
        ],
        [
          refusal('business_rule', 'The merchant’s payment service does not keep cards.'),
          'Le service de paiement du marchand n’enregistre pas les cartes.',
        ],
        [
          refusal('business_rule', 'Incorrect security code.'),
          'Le code de sécurité est incorrect. Vérifiez-le et réessayez.',
        ],
      ],
    },
  ];
  for (const { title, lang, purpose, answers } of answeredInEnglish) {
    it(title, async () => {
      speak(lang);
      const fetch = vi.fn();
      for (const [answer] of answers) fetch.mockResolvedValueOnce(answer);
      const s = setupConfigured({ fetch }, { purpose });
      if (purpose === 'saveCard') fillCardAndName(s);
      else fillCard(s);
      for (const [, shown] of answers) {
        s.fromHost({ type: 'submit' });
        await flush();
        expect(message()).toBe(shown);
      }
      expect(fetch).toHaveBeenCalledTimes(answers.length);
    });
  }

  it('Spanish: the card field errors the API words in English, under their fields', async () => {
    speak('es');
    const refusal = (path: string, message: string) =>
      reply(400, { status: 'error', code: 'invalid_input', message, errors: [{ path, message }] });
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(refusal('card.number', 'Invalid card number.'))
      .mockResolvedValueOnce(refusal('card.cvv', 'The security code has 4 digits.'))
      .mockResolvedValueOnce(
        refusal('card', 'The gift card covers $10.00. Enter card details for the remaining $2.99.'),
      );
    const s = setupConfigured({ fetch });
    fillCard(s);
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.error('card-number')).toBe('Este número de tarjeta no es válido. Revísalo e inténtalo de nuevo.');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.error('card-cvc')).toBe('El código de seguridad tiene 4 dígitos.');
    s.fromHost({ type: 'submit' });
    await flush();
    expect(s.error('card-number')).toBe(
      'La tarjeta regalo cubre 10,00\u00a0US$. Introduce los datos de una tarjeta para los 2,99\u00a0US$ restantes.',
    );
  });

  it('English for a language Kassa does not speak, and for texts it cannot read', () => {
    speak('it');
    setupConfigured();
    expect(label('card-number')).toBe('Card number');
    speak('fr');
    shellTexts = '{"field.cardNumber": ';
    setupConfigured();
    expect(label('card-number')).toBe('Card number');
  });
});
