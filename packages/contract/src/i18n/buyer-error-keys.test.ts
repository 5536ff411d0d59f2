// A buyer reading German, French or Spanish sees the API's fixed sentences and a decline's reason in their
// language, on the buyer pages and in the hosted card fields alike (docs/i18n.md): both catalogues hold every
// sentence word for word under its key and a text for every decline code; i18n-catalogues.test.ts and the
// widget's catalogues.test.ts check each language has every English key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DECLINE_CODES } from '../declines.ts';
import {
  BUYER_ERROR_KEYS,
  buyerErrorKey,
  CARD_FIELD_ERROR_KEYS,
  cardFieldErrorKey,
  giftCardPartialValues,
} from './buyer-error-keys.ts';
import { buyerEn } from './catalogues/buyer.en.ts';
import { hostedFieldsEn } from './catalogues/hosted-fields.en.ts';

const CATALOGUES: Record<string, Readonly<Record<string, string>>> = {
  buyer: buyerEn,
  'hosted-fields': hostedFieldsEn,
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });

describe('the API’s sentences and declines a buyer reads', () => {
  it('are in both buyer catalogues word for word, and the API still words them so', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    for (const [sentence, key] of Object.entries(BUYER_ERROR_KEYS)) {
      for (const [name, catalogue] of Object.entries(CATALOGUES))
        expect(catalogue[key], `${name} ${key}`).toBe(sentence);
      expect(code, sentence).toContain(`'${sentence}'`);
    }
    expect(buyerErrorKey('This payment link has expired.')).toBe('error.linkExpired');
    expect(buyerErrorKey('toString')).toBeNull();
  });

  it('give every decline code a buyer’s text in both catalogues', () => {
    for (const [name, catalogue] of Object.entries(CATALOGUES)) {
      const missing = DECLINE_CODES.filter((code) => !catalogue[`decline.${code}`]);
      expect(missing, name).toEqual([]);
    }
  });

  it('know each card field error the API words, and the hosted fields word each', () => {
    const code = ['apps/api/src', 'packages/contract/src'].flatMap((dir) => sourcesUnder(join(ROOT, dir))).join('\n');
    for (const [sentence, key] of Object.entries(CARD_FIELD_ERROR_KEYS)) {
      expect(code, sentence).toContain(`'${sentence}'`);
      expect(hostedFieldsEn[key], key).toBeTruthy();
    }
    expect(code).toMatch(/`The security code has \$\{cvvLength\(brand\)\} digits\.`/);
    expect(cardFieldErrorKey('The security code has 4 digits.')).toEqual({
      key: 'error.cvcLength',
      values: { length: '4' },
    });
    expect(cardFieldErrorKey('Something else')).toBeNull();
  });

  it('read a gift card’s part and the rest to pay by card, as the API words them, in the reader’s format', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    expect(code).toMatch(
      /`The gift card covers \$\{formatMoney\(hold\.applied, session\.currency\)\}\. Enter card details for the remaining \$\{formatMoney\(hold\.remainingDue, session\.currency\)\}\.`/,
    );
    const message = 'The gift card covers $10.00. Enter card details for the remaining $1,002.99.';
    expect(giftCardPartialValues(message, 'de')).toEqual({ covered: '10,00\u00a0$', remaining: '1.002,99\u00a0$' });
    expect(
      giftCardPartialValues('The gift card covers a lot. Enter card details for the remaining bit.', 'de'),
    ).toBeNull();
  });
});
