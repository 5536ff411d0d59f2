// A buyer reading German, French or Spanish sees the API's fixed sentences and a decline's reason in their
// language, on the buyer pages and in the hosted card fields alike (docs/i18n.md): both catalogues hold every
// sentence word for word under its key and a text for every decline code; i18n-catalogues.test.ts and the
// widget's catalogues.test.ts check each language has every English key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DECLINE_CODES } from '../declines.ts';
import { type InvoiceBalance, paymentAmountProblem } from '../invoice-payments.ts';
import {
  BUYER_ERROR_KEYS,
  type BuyerText,
  buyerErrorKey,
  buyerErrorTexts,
  CARD_FIELD_ERROR_KEYS,
  cardFieldErrorKey,
  giftCardPartialValues,
} from './buyer-error-keys.ts';
import { buyerDe } from './catalogues/buyer.de.ts';
import { buyerEn } from './catalogues/buyer.en.ts';
import { buyerEs } from './catalogues/buyer.es.ts';
import { buyerFr } from './catalogues/buyer.fr.ts';
import { hostedFieldsDe } from './catalogues/hosted-fields.de.ts';
import { hostedFieldsEn } from './catalogues/hosted-fields.en.ts';
import { hostedFieldsEs } from './catalogues/hosted-fields.es.ts';
import { hostedFieldsFr } from './catalogues/hosted-fields.fr.ts';
import { buyerDeclineReason } from './hosted-fields-catalogue.ts';
import { createPlaceholderTranslator } from './placeholder-translate.ts';

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

  it('word every invoice payment rule the API words, its amounts in the reader’s format, and the reload hint', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    // record-attempt.ts appends the hint to a rule another buyer's payment broke meanwhile.
    expect(code).toMatch(/`\$\{problem\} Reload the invoice to see what is left to pay\.`/);
    const invoice = (over: Partial<InvoiceBalance>): InvoiceBalance => ({
      currency: 'EUR',
      total_amount: 100_000,
      amount_paid: 0,
      deposit_amount: 0,
      allow_partial: false,
      ...over,
    });
    const problems = [
      paymentAmountProblem(invoice({}), 0),
      paymentAmountProblem(invoice({ amount_paid: 100_000 }), 10),
      paymentAmountProblem(invoice({ amount_paid: 1_000 }), 100_000),
      paymentAmountProblem(invoice({}), 50_000),
      paymentAmountProblem(invoice({ deposit_amount: 30_000 }), 10_000),
      paymentAmountProblem(invoice({ deposit_amount: 30_000 }), 40_000),
      paymentAmountProblem(invoice({ allow_partial: true }), 10),
    ];
    const texts = (message: string) => buyerErrorTexts(message, 'de')?.map((text) => text.key);
    // Each kind of rule, and each read back: an English reader's catalogue says it word for word.
    expect(new Set(problems.map((problem) => texts(problem!)?.[0])).size).toBe(problems.length);
    for (const problem of problems) {
      for (const [name, catalogue] of Object.entries(CATALOGUES)) {
        const english = createPlaceholderTranslator('en', catalogue);
        const said = (found: BuyerText[] | null) => found?.map(({ key, values }) => english(key, values)).join(' ');
        expect(said(buyerErrorTexts(problem!, 'en')), name).toBe(problem);
        const reload = `${problem} Reload the invoice to see what is left to pay.`;
        expect(said(buyerErrorTexts(reload, 'en')), name).toBe(reload);
      }
    }
    const german = createPlaceholderTranslator('de', buyerDe, buyerEn);
    const said = (message: string) =>
      buyerErrorTexts(message, 'de')
        ?.map(({ key, values }) => german(key, values))
        .join(' ');
    expect(
      said('The amount is more than the balance due of €1,040.00. Reload the invoice to see what is left to pay.'),
    ).toBe(
      'Der Betrag ist höher als der offene Betrag von 1.040,00\u00a0€. Laden Sie die Rechnung neu, um zu sehen, was noch zu zahlen ist.',
    );
    expect(buyerErrorTexts('The amount is more than the balance due of lots.', 'de')).toBeNull();
  });

  it('word the add-card link’s refusals: a customer and a merchant in different modes, a service that keeps no cards, a decline', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    expect(code).toMatch(
      /`This customer pays in \$\{customer\.mode\} mode, and the merchant's card payments are \$\{setup\.mode\} now\.`/,
    );
    const modes = ['test', 'live'].flatMap((customer) => ['test', 'live'].map((merchant) => [customer, merchant]));
    const found = modes.map(([customer, merchant]) =>
      buyerErrorTexts(
        `This customer pays in ${customer} mode, and the merchant's card payments are ${merchant} now.`,
        'fr',
      ),
    );
    expect(found).toEqual([
      null,
      [{ key: 'error.cardMode.testCustomerLiveMerchant' }],
      [{ key: 'error.cardMode.liveCustomerTestMerchant' }],
      null,
    ]);
    for (const [name, catalogue] of Object.entries(CATALOGUES)) {
      expect(catalogue['error.cardMode.testCustomerLiveMerchant'], name).toBe(
        "This customer pays in test mode, and the merchant's card payments are live now.",
      );
      expect(catalogue['error.cardMode.liveCustomerTestMerchant'], name).toBe(
        "This customer pays in live mode, and the merchant's card payments are test now.",
      );
    }
    expect(buyerErrorTexts('The merchant’s payment service does not keep cards.', 'es')).toEqual([
      { key: 'error.noCardKeeping' },
    ]);
    expect(buyerErrorTexts('Incorrect security code.', 'es')).toEqual([{ key: 'decline.incorrect_cvc' }]);
  });

  it('have every text above in German, French and Spanish, in both catalogues, with the English placeholders', () => {
    const translations = {
      de: [buyerDe, hostedFieldsDe],
      fr: [buyerFr, hostedFieldsFr],
      es: [buyerEs, hostedFieldsEs],
    };
    const keys = [
      ...Object.keys(buyerEn).filter((key) => /^(error\.(invoice|cardMode|noCardKeeping)|decline\.)/.test(key)),
      'error.invoiceAlreadyPaid',
    ];
    const names = (text: string | undefined) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [locale, catalogues] of Object.entries(translations))
      for (const catalogue of catalogues)
        for (const key of keys) {
          const text = (catalogue as Record<string, string>)[key];
          expect(text, `${locale} ${key}`).toBeTruthy();
          expect(text, `${locale} ${key}`).not.toBe(buyerEn[key as keyof typeof buyerEn]);
          expect(names(text), `${locale} ${key}`).toEqual(names(buyerEn[key as keyof typeof buyerEn]));
        }
  });

  it('word a decline in the e-mail a buyer gets after a failed renewal, never the processor’s English alone', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    expect(code).toContain("t('dunning.failed', { amount, number, reason: buyerDeclineReason(locale, reason) })");
    expect(buyerDeclineReason('de', 'Card declined.')).toBe(
      'Ihre Karte wurde abgelehnt. Versuchen Sie es mit einer anderen Karte.',
    );
    expect(buyerDeclineReason('es', 'Insufficient funds.', 'insufficient_funds')).toBe(
      'Tu tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
    );
    expect(buyerDeclineReason('fr', 'Refused (R7).')).toBe(
      'Votre carte a été refusée. Le service de paiement a indiqué : « Refused (R7). »',
    );
    expect(buyerDeclineReason('en', 'Refused (R7).')).toBe('Refused (R7).');
  });

  it('read a renewal charge the card did not pay, as the customer portal’s Pay hears it', () => {
    const code = sourcesUnder(join(ROOT, 'apps/api/src')).join('\n');
    expect(code).toMatch(/message: `Invoice \$\{invoice\.invoiceNumber\}: \$\{reason\}\$\{then\}`/);
    expect(code).toMatch(/` Next try \$\{nextTry\.toISOString\(\)\}\.`/);
    expect(code).toMatch(/` The subscription is now \$\{moved\.status\}\.`/);
    expect(buyerErrorTexts('Invoice INV-7: Card declined. Next try 2030-01-02T12:00:00.000Z.', 'fr')).toEqual([
      { key: 'decline.card_declined' },
    ]);
    expect(buyerErrorTexts('Invoice INV-7: Odd words. The subscription is now unpaid.', 'fr')).toEqual([
      { key: 'decline.other', values: { reason: 'Odd words.' } },
    ]);
  });
});
