import { describe, expect, it } from 'vitest';
import {
  billingFieldsFor,
  isValidHost,
  optionsFromEmbedData,
  validateOptions,
  WIDGET_DEFAULTS,
  WidgetArgumentError,
  type WidgetOptions,
} from './options.ts';

// A stand-in for DOM elements: validation only needs nodeType 1 and a resolver.
const container = { nodeType: 1, id: 'payment' };
const form = { nodeType: 1, id: 'form' };
const env = {
  pageHost: 'shop.example.com',
  resolve: (selector: string) => ({ '#payment': container, '#form': form })[selector] ?? null,
};

const valid: WidgetOptions = {
  element: '#payment',
  form: '#form',
  amount: 1299,
  currency: 'USD',
  country: 'US',
  token: 'checkout-token',
  intent: 'capture',
};

function argumentError(options: WidgetOptions): WidgetArgumentError {
  try {
    validateOptions(options, env);
  } catch (error) {
    expect(error).toBeInstanceOf(WidgetArgumentError);
    return error as WidgetArgumentError;
  }
  throw new Error('expected a WidgetArgumentError');
}

const expectRejected = (over: Partial<WidgetOptions>, argument: string, message: string) => {
  const error = argumentError({ ...valid, ...over });
  expect({ code: error.code, argument: error.argument, message: error.message }).toEqual({
    code: 'argumentError',
    argument,
    message,
  });
};

describe('validateOptions: valid options', () => {
  it('resolves selectors and fills defaults', () => {
    const resolved = validateOptions(valid, env);
    expect(resolved.element).toBe(container);
    expect(resolved.form).toBe(form);
    expect(resolved.apiHost).toBe('shop.example.com');
    expect(resolved.iframeHost).toBe('shop.example.com');
    expect(resolved.onComplete).toBeNull();
    expect(resolved.fields).toEqual({
      method: 'card',
      environment: 'production',
      apiHost: 'shop.example.com',
      merchantAccountId: '',
      providerAccountId: '',
      amount: 1299,
      intent: 'capture',
      currency: 'USD',
      country: 'US',
      token: 'checkout-token',
      metadata: {},
      buyerId: null,
      buyerExternalId: null,
      shippingDetailsId: null,
      store: null,
      paymentSource: null,
      display: 'all',
      autoSelect: 'first',
      billingFields: billingFieldsFor('card'),
      billingDetails: {},
      purpose: 'pay',
      optionalBilling: [],
    });
  });

  it('accepts elements instead of selectors and no form', () => {
    const resolved = validateOptions({ ...valid, element: container, form: undefined }, env);
    expect(resolved.element).toBe(container);
    expect(resolved.form).toBeNull();
  });

  it('accepts every allowed value of each enumerated option', () => {
    for (const intent of ['authorize', 'preferAuthorize', 'capture']) {
      expect(validateOptions({ ...valid, intent }, env).fields.intent).toBe(intent);
    }
    expect(validateOptions({ ...valid, purpose: 'saveCard' }, env).fields.purpose).toBe('saveCard');
    expect(validateOptions(valid, env).fields.purpose).toBe('pay');
    expect(() => validateOptions({ ...valid, purpose: 'refund' }, env)).toThrow('must be pay or saveCard');
    for (const store of [true, false, 'ask', 'preselect']) {
      expect(validateOptions({ ...valid, store }, env).fields.store).toBe(store);
    }
    for (const theme of ['light', 'dark'] as const) {
      expect(validateOptions({ ...valid, theme }, env).theme).toBe(theme);
    }
    expect(validateOptions(valid, env).theme).toBeNull();
    expect(() => validateOptions({ ...valid, theme: 'system' }, env)).toThrow('must be "light" or "dark"');
    expect(validateOptions({ ...valid, locale: 'de' }, env).locale).toBe('de');
    expect(validateOptions(valid, env).locale).toBeNull();
    expect(() => validateOptions({ ...valid, locale: 'de-DE' }, env)).toThrow('must be one of en, de, fr, es');
    for (const display of ['storedOnly', 'addOnly', 'supportsTokenization', 'all']) {
      expect(validateOptions({ ...valid, display }, env).fields.display).toBe(display);
    }
    for (const autoSelect of ['first', 'firstStored', 'firstNonStored', 'none', null]) {
      expect(validateOptions({ ...valid, autoSelect }, env).fields.autoSelect).toBe(autoSelect);
    }
  });

  it('accepts the amount bounds 0 and 99999999', () => {
    expect(validateOptions({ ...valid, amount: 0 }, env).fields.amount).toBe(0);
    expect(validateOptions({ ...valid, amount: 99_999_999 }, env).fields.amount).toBe(99_999_999);
  });

  it('normalises currency and country case', () => {
    const { fields } = validateOptions({ ...valid, currency: 'eur', country: 'de' }, env);
    expect([fields.currency, fields.country]).toEqual(['EUR', 'DE']);
  });

  it('keeps card-only options for card and passes callbacks through', () => {
    const onComplete = () => undefined;
    const onError = () => undefined;
    const resolved = validateOptions({ ...valid, store: 'ask', paymentSource: 'recurring', onComplete, onError }, env);
    expect(resolved.fields.paymentSource).toBe('recurring');
    expect(resolved.onComplete).toBe(onComplete);
    expect(resolved.onError).toBe(onError);
  });

  it('accepts a shipping details id with a buyer id or a buyer external id', () => {
    expect(validateOptions({ ...valid, shippingDetailsId: 's1', buyerId: 'b1' }, env).fields.shippingDetailsId).toBe(
      's1',
    );
    expect(
      validateOptions({ ...valid, shippingDetailsId: 's1', buyerExternalId: 'ext' }, env).fields.buyerExternalId,
    ).toBe('ext');
  });

  it('accepts explicit hosts with ports and loopback addresses', () => {
    const resolved = validateOptions({ ...valid, apiHost: '127.0.0.1:8080', iframeHost: 'fields.example.com' }, env);
    expect(resolved.fields.apiHost).toBe('127.0.0.1:8080');
    expect(resolved.iframeHost).toBe('fields.example.com');
  });

  it('non-card gets name and e-mail billing fields only', () => {
    const { fields } = validateOptions({ ...valid, method: 'non-card' }, env);
    expect(fields.billingFields).toEqual(['firstName', 'lastName', 'email']);
    expect(fields.store).toBeNull();
  });
});

describe('validateOptions: each rule of docs/product-rules.md#validation', () => {
  it('element must be a valid element or selector', () => {
    for (const element of ['#missing', '', 42, null, undefined, { nodeType: 3 }, '<<bad selector']) {
      expectRejected({ element }, 'element', 'must be a valid HTML element or selector');
    }
  });

  it('form must be a valid element or selector', () => {
    for (const formValue of ['#missing', 42, {}]) {
      expectRejected({ form: formValue }, 'form', 'must be a valid HTML element or selector');
    }
  });

  it('hosts must be valid hostnames', () => {
    for (const apiHost of [
      'https://pay.example.com',
      'pay.example.com/path',
      'bad host',
      '-bad.com',
      'a.com:0',
      'a.com:70000',
      7,
    ]) {
      expectRejected({ apiHost }, 'apiHost', 'must be a valid hostname');
    }
    expectRejected({ iframeHost: 'user@evil.com' }, 'iframeHost', 'must be a valid hostname');
  });

  it('intent must be authorize, preferAuthorize or capture', () => {
    for (const intent of ['sale', 'CAPTURE', 1]) {
      expectRejected({ intent }, 'intent', 'must be one of authorize, preferAuthorize, capture');
    }
  });

  it('currency must be a 3-character currency code', () => {
    for (const currency of ['US', 'USDX', '', 840, undefined, '12$']) {
      expectRejected({ currency }, 'currency', 'must be a valid currency format');
    }
  });

  it('amount must be a number from 0 to 99999999', () => {
    for (const amount of [-1, 100_000_000, '1000', Number.NaN, Number.POSITIVE_INFINITY, undefined, null]) {
      expectRejected({ amount }, 'amount', 'must be a number between 0 and 99999999');
    }
    expectRejected({ amount: 10.5 }, 'amount', 'must be a whole number of minor units');
  });

  it('store must be true, false, "ask" or "preselect"', () => {
    for (const store of ['yes', 1, null, 'Ask']) {
      expectRejected({ store }, 'store', 'must be true, false, "ask" or "preselect"');
    }
  });

  it('display must be storedOnly, addOnly, supportsTokenization or all', () => {
    for (const display of ['none', 3, 'ALL']) {
      expectRejected({ display }, 'display', 'must be one of storedOnly, addOnly, supportsTokenization, all');
    }
  });

  it('a shipping details id requires a buyer id or buyer external id', () => {
    expectRejected({ shippingDetailsId: 'ship-1' }, 'shippingDetailsId', 'requires a buyerId or buyerExternalId');
    expectRejected(
      { shippingDetailsId: 'ship-1', buyerId: '' },
      'shippingDetailsId',
      'requires a buyerId or buyerExternalId',
    );
  });

  it('auto-select must be first, firstStored, firstNonStored, none or null', () => {
    for (const autoSelect of ['last', 0, false]) {
      expectRejected({ autoSelect }, 'autoSelect', 'must be one of first, firstStored, firstNonStored, none or null');
    }
  });

  it('country is required', () => {
    for (const country of [undefined, null, '']) expectRejected({ country }, 'country', 'is required');
    for (const country of ['USA', 1]) expectRejected({ country }, 'country', 'must be a valid country code');
  });

  it('token is required', () => {
    for (const token of [undefined, null, '']) expectRejected({ token }, 'token', 'is required');
    expectRejected({ token: 123 }, 'token', 'must be a string');
  });

  it('store and paymentSource are card-only; paymentSource is "recurring"', () => {
    expectRejected({ method: 'non-card', store: true }, 'store', 'is only available for card payments');
    expectRejected(
      { method: 'non-card', paymentSource: 'recurring' },
      'paymentSource',
      'is only available for card payments',
    );
    expectRejected({ paymentSource: 'installment' }, 'paymentSource', 'must be "recurring"');
  });

  it('method, environment, metadata, ids and callbacks have the right types', () => {
    expectRejected({ method: 'cash' }, 'method', 'must be card or non-card');
    expectRejected({ environment: 'staging' }, 'environment', 'must be production or sandbox');
    expectRejected({ metadata: { product_id: 5 } }, 'metadata', 'must be an object of string values');
    expectRejected({ metadata: ['a'] }, 'metadata', 'must be an object of string values');
    expectRejected({ buyerId: 5 }, 'buyerId', 'must be a string');
    expectRejected({ merchantAccountId: {} }, 'merchantAccountId', 'must be a string');
    expectRejected({ onComplete: 'done' }, 'onComplete', 'must be a function');
    expectRejected({ onError: 1 }, 'onError', 'must be a function');
  });

  it('the error is an Error with name, code, argument and message', () => {
    const error = argumentError({ ...valid, currency: 'X' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WidgetArgumentError');
  });
});

describe('defaults and billing fields', () => {
  it('uses the docs/product-rules.md#constants defaults when embed data is absent', () => {
    expect(optionsFromEmbedData(undefined)).toEqual({
      amount: 0,
      intent: 'capture',
      currency: 'USD',
      country: 'US',
      merchantAccountId: '',
      token: '',
      metadata: {},
      buyerId: undefined,
    });
    expect(WIDGET_DEFAULTS).toMatchObject({ amount: 0, intent: 'capture', currency: 'USD', country: 'US' });
  });

  it('takes embed data and the session when present', () => {
    const options = optionsFromEmbedData(
      {
        amount: 3000,
        intent: 'authorize',
        currency: 'EUR',
        country: 'DE',
        metadata: { product_id_card: 'p1' },
        buyer_id: 'b1',
      },
      { token: 'tok', merchantId: 'm1' },
    );
    expect(options).toEqual({
      amount: 3000,
      intent: 'authorize',
      currency: 'EUR',
      country: 'DE',
      merchantAccountId: 'm1',
      token: 'tok',
      metadata: { product_id_card: 'p1' },
      buyerId: 'b1',
    });
  });

  it('defaults alone fail validation on the missing token, as a checkout without embed data cannot pay', () => {
    expectRejected({ ...optionsFromEmbedData(null), element: '#payment' }, 'token', 'is required');
  });

  it('takes the buyer details the page already knows, trimmed, and refuses anything but strings', () => {
    const details = { firstName: ' Grace ', lastName: 'Hopper', email: 'grace@example.com' };
    expect(validateOptions({ ...valid, billingDetails: details }, env).fields.billingDetails).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    });
    expect(argumentError({ ...valid, billingDetails: { email: 42 } }).argument).toBe('billingDetails');
  });

  it('takes the name and e-mail fields that may stay blank, and refuses any other field', () => {
    const optionalBilling = ['firstName', 'email'];
    expect(validateOptions({ ...valid, optionalBilling }, env).fields.optionalBilling).toEqual(optionalBilling);
    expect(argumentError({ ...valid, optionalBilling: ['address.line1'] }).argument).toBe('optionalBilling');
    expect(argumentError({ ...valid, optionalBilling: 'email' }).argument).toBe('optionalBilling');
  });

  it('lists the docs/product-rules.md#checkout-payment-panel billing fields: one postal code, never a ZIP code beside it', () => {
    expect(billingFieldsFor('card')).toEqual([
      'firstName',
      'lastName',
      'email',
      'address.line1',
      'address.city',
      'address.state',
      'address.country',
      'address.postalCode',
    ]);
    expect(billingFieldsFor('non-card')).toEqual(['firstName', 'lastName', 'email']);
  });

  it('isValidHost', () => {
    for (const host of [
      'example.com',
      'a.b.example.co.uk:8443',
      'localhost',
      'localhost:5173',
      '[::1]:8080',
      '10.0.0.1',
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });
});
