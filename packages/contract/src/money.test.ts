import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CURRENCY,
  CURRENCY_SYMBOLS,
  currencyExponent,
  currencyForCountry,
  currencySymbol,
} from './currencies.ts';
import {
  formatMoney,
  fromMinor,
  invoiceTotals,
  lineTotal,
  MoneyError,
  parseAmountUpTo,
  percentOf,
  percentToBasisPoints,
  toMinor,
} from './money.ts';

const NBSP = '\u00a0';

describe('currencies', () => {
  it('knows ISO 4217 exponents', () => {
    const exponents = { USD: 2, eur: 2, JPY: 0, KRW: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, CLF: 4 };
    for (const [code, exponent] of Object.entries(exponents)) expect(currencyExponent(code), code).toBe(exponent);
  });

  it('maps about 200 codes to symbols, falling back to the code', () => {
    expect(Object.keys(CURRENCY_SYMBOLS).length).toBeGreaterThanOrEqual(190);
    const symbols = { usd: '$', EUR: '€', JPY: '¥', ABC: 'ABC' };
    for (const [code, symbol] of Object.entries(symbols)) expect(currencySymbol(code), code).toBe(symbol);
  });

  it('maps countries to currencies, USD for an unknown country', () => {
    expect(Object.keys(COUNTRY_CURRENCY).length).toBeGreaterThanOrEqual(240);
    const currencies = { us: 'USD', DE: 'EUR', JP: 'JPY', BH: 'BHD', ZZ: 'USD' };
    for (const [country, code] of Object.entries(currencies)) expect(currencyForCountry(country), country).toBe(code);
    for (const code of Object.values(COUNTRY_CURRENCY)) expect(CURRENCY_SYMBOLS[code], code).toBeDefined();
  });
});

describe('formatMoney', () => {
  it('formats USD with 2 decimals', () => {
    expect(formatMoney(1234, 'USD')).toBe('$12.34');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(123456789, 'usd')).toBe('$1,234,567.89');
    expect(formatMoney(-1234, 'USD')).toBe('-$12.34');
  });

  it('formats JPY without decimals and BHD with 3', () => {
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(1234, 'BHD')).toBe(`BHD${NBSP}1.234`);
    expect(formatMoney(5, 'KWD')).toBe(`KWD${NBSP}0.005`);
  });

  it('honours the locale', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe(`1.234,56${NBSP}€`);
  });

  it('formats the largest safe amount exactly', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
  });

  it('refuses a fractional minor amount', () => {
    expect(() => formatMoney(12.5, 'USD')).toThrow(MoneyError);
  });
});

describe('toMinor / fromMinor', () => {
  it('parses exactly per currency', () => {
    expect(toMinor('12.34', 'USD')).toBe(1234);
    expect(toMinor('0.29', 'USD')).toBe(29);
    expect(toMinor('12.3', 'USD')).toBe(1230);
    expect(toMinor('12', 'USD')).toBe(1200);
    expect(toMinor(' 12.340 ', 'USD')).toBe(1234);
    expect(toMinor('-0.05', 'USD')).toBe(-5);
    expect(toMinor('1234', 'JPY')).toBe(1234);
    expect(toMinor('1234.0', 'JPY')).toBe(1234);
    expect(toMinor('12.345', 'BHD')).toBe(12345);
    expect(toMinor('0.001', 'BHD')).toBe(1);
  });

  it('refuses too many decimals and malformed input', () => {
    expect(() => toMinor('12.345', 'USD')).toThrow('USD amounts have at most 2 decimals');
    expect(() => toMinor('12.5', 'JPY')).toThrow('JPY amounts have no decimals');
    expect(() => toMinor('1.2345', 'BHD')).toThrow('at most 3 decimals');
    for (const bad of ['', 'abc', '1,000', '1e3', '.5', '12.', '--1'])
      expect(() => toMinor(bad, 'USD')).toThrow(MoneyError);
  });

  it('refuses amounts beyond the safe integer range', () => {
    expect(toMinor('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinor('90071992547409.92', 'USD')).toThrow('too large');
  });

  it('prints minor units back as a decimal string', () => {
    expect(fromMinor(1234, 'USD')).toBe('12.34');
    expect(fromMinor(5, 'USD')).toBe('0.05');
    expect(fromMinor(-5, 'USD')).toBe('-0.05');
    expect(fromMinor(1234, 'JPY')).toBe('1234');
    expect(fromMinor(1234, 'BHD')).toBe('1.234');
    expect(fromMinor(7, 'BHD')).toBe('0.007');
    expect(() => fromMinor(1.5, 'USD')).toThrow(MoneyError);
  });

  it('round-trips', () => {
    for (const [amount, currency] of [
      ['9876543.21', 'USD'],
      ['42', 'JPY'],
      ['3.141', 'BHD'],
    ] as const) {
      expect(fromMinor(toMinor(amount, currency), currency)).toBe(amount);
    }
  });
});

describe('percentOf', () => {
  it('rounds half up to the minor unit', () => {
    expect(percentOf(10_000, 1_000)).toBe(1_000); // 10 % of 100.00
    expect(percentOf(5, 1_000)).toBe(1); // 0.5 → 1
    expect(percentOf(4, 1_000)).toBe(0); // 0.4 → 0
    expect(percentOf(15, 1_000)).toBe(2); // 1.5 → 2
    expect(percentOf(25, 1_000)).toBe(3); // 2.5 → 3 where banker's rounding would give 2
    expect(percentOf(1, 4_999)).toBe(0); // 0.4999 → 0
    expect(percentOf(1, 5_000)).toBe(1); // 0.5 → 1
    expect(percentOf(-25, 1_000)).toBe(-3); // half away from zero
  });

  it('handles 0 %, 100 % and big values exactly', () => {
    expect(percentOf(12345, 0)).toBe(0);
    expect(percentOf(12345, 10_000)).toBe(12345);
    expect(percentOf(9_000_000_000_000_000, 1)).toBe(900_000_000_000);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses fractional or negative basis points', () => {
    expect(() => percentOf(100, 12.5)).toThrow(MoneyError);
    expect(() => percentOf(100, -1)).toThrow(MoneyError);
  });
});

describe('percentToBasisPoints', () => {
  it('converts percentages with up to 2 decimals', () => {
    const basisPoints = { '12.5': 1250, '0': 0, '7.25': 725, '100': 10_000, '8.250': 825 };
    for (const [percent, bps] of Object.entries(basisPoints)) expect(percentToBasisPoints(percent), percent).toBe(bps);
  });

  it('refuses negative, over 100 and too precise values', () => {
    expect(() => percentToBasisPoints('-1')).toThrow(MoneyError);
    expect(() => percentToBasisPoints('100.01')).toThrow('cannot exceed 100');
    expect(() => percentToBasisPoints('1.125')).toThrow(MoneyError);
    expect(() => percentToBasisPoints('ten')).toThrow(MoneyError);
  });
});

describe('invoiceTotals', () => {
  it('computes sub-total, discount, shipping, tax and total in the documented order', () => {
    const totals = invoiceTotals({
      items: [
        { quantity: 3, price: 1999 },
        { quantity: 1, price: 500 },
      ],
      discountBps: 1_000, // 10 %
      shippingBps: 500, // 5 %
      taxBps: 825, // 8.25 %
    });
    // sub 6497; discount 649.7 → 650; base 5847; shipping 292.35 → 292; tax 482.3775 → 482
    expect(totals).toEqual({ sub_total: 6497, discount: 650, shipping: 292, tax: 482, total: 6621 });
    expect(totals.total).toBe(totals.sub_total - totals.discount + totals.shipping + totals.tax);
  });

  it('works with zero-decimal and three-decimal currencies alike (minor units only)', () => {
    expect(
      invoiceTotals({ items: [{ quantity: 2, price: 1005 }], discountBps: 0, shippingBps: 0, taxBps: 1_000 }),
    ).toEqual({
      sub_total: 2010,
      discount: 0,
      shipping: 0,
      tax: 201,
      total: 2211,
    });
  });

  it('takes fixed amounts in place of percentages; a percentage of tax or shipping applies after a fixed discount', () => {
    const items = [{ quantity: 3, price: 1999 }];
    // sub 5997; discount fixed 1000 → base 4997; shipping fixed 750; tax 8.25 % of 4997 = 412.2525 → 412
    expect(
      invoiceTotals({
        items,
        discountBps: 5_000,
        shippingBps: 0,
        taxBps: 825,
        fixed: { discount: 1_000, shipping: 750 },
      }),
    ).toEqual({
      sub_total: 5997,
      discount: 1000,
      shipping: 750,
      tax: 412,
      total: 6159,
    });
    // tax fixed, discount a percentage: 12.5 % of 5997 = 749.625 → 750 (half-up); shipping 4.63 % of 5247 = 242.9361 → 243
    expect(invoiceTotals({ items, discountBps: 1_250, shippingBps: 463, taxBps: 9_999, fixed: { tax: 1 } })).toEqual({
      sub_total: 5997,
      discount: 750,
      shipping: 243,
      tax: 1,
      total: 5491,
    });
  });

  it('lets a fixed discount take the whole sub-total but not more, and refuses negative or fractional amounts', () => {
    const items = [{ quantity: 1, price: 500 }];
    expect(
      invoiceTotals({ items, discountBps: 0, shippingBps: 0, taxBps: 0, fixed: { discount: 500, shipping: 99 } }).total,
    ).toBe(99);
    expect(() => invoiceTotals({ items, discountBps: 0, shippingBps: 0, taxBps: 0, fixed: { discount: 501 } })).toThrow(
      'The discount cannot be more than the sub-total',
    );
    expect(() => invoiceTotals({ items, discountBps: 0, shippingBps: 0, taxBps: 0, fixed: { shipping: -1 } })).toThrow(
      MoneyError,
    );
    expect(() => invoiceTotals({ items, discountBps: 0, shippingBps: 0, taxBps: 0, fixed: { tax: 0.5 } })).toThrow(
      MoneyError,
    );
  });

  it('is zero for no items and refuses bad lines', () => {
    expect(invoiceTotals({ items: [], discountBps: 1_000, shippingBps: 1_000, taxBps: 1_000 }).total).toBe(0);
    expect(() =>
      invoiceTotals({ items: [{ quantity: 1.5, price: 1 }], discountBps: 0, shippingBps: 0, taxBps: 0 }),
    ).toThrow(MoneyError);
    expect(() =>
      invoiceTotals({ items: [{ quantity: 1, price: -1 }], discountBps: 0, shippingBps: 0, taxBps: 0 }),
    ).toThrow(MoneyError);
    expect(() =>
      invoiceTotals({ items: [{ quantity: 1, price: 100 }], discountBps: 10_001, shippingBps: 0, taxBps: 0 }),
    ).toThrow(MoneyError);
  });

  it('stays exact for big values and refuses overflow', () => {
    expect(lineTotal(1_000_000, 99_999_999)).toBe(99_999_999_000_000);
    expect(() => lineTotal(1_000_000_000, 99_999_999)).toThrow('too large');
  });
});

describe('parseAmountUpTo', () => {
  const refund = { action: 'Refund', done: 'refunded' };
  it('gives minor units within the cap, and a sentence otherwise', () => {
    expect(parseAmountUpTo(' 12.50 ', 'USD', 5_000, refund)).toEqual({ minor: 1_250 });
    expect(parseAmountUpTo('50', 'USD', 5_000, refund)).toEqual({ minor: 5_000 });
    expect(parseAmountUpTo('50.01', 'USD', 5_000, refund)).toEqual({ error: 'At most $50.00 can be refunded' });
    expect(parseAmountUpTo('0', 'USD', 5_000, refund)).toEqual({ error: 'Refund more than zero' });
    expect(parseAmountUpTo('12,50', 'USD', 5_000, refund)).toEqual({ error: 'Enter an amount like 12.50' });
    expect(parseAmountUpTo('1.5', 'JPY', 5_000, { action: 'Capture', done: 'captured' })).toEqual({
      error: 'Enter an amount like 12.50',
    });
  });
});
