// Validation messages under the portal's form fields read in the user's language (docs/i18n.md): every
// message the contract's schemas word has its `validation.*` key (a new one fails here until it is in the
// catalogue, and i18n-catalogues.test.ts then asks for its German, French and Spanish), and the messages
// zod's readable defaults build with numbers in them are found too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPortalCatalogue, portalEnglish } from '@kassa/contract/i18n/portal-catalogue';
import { createTranslator } from '@kassa/contract/i18n/translate';
import { installValidationMessages } from '@kassa/contract/validation-messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portalEnglishI18n } from './use-portal-i18n.ts';
import { validationText } from './validation-text.ts';

const CONTRACT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../packages/contract/src');

/** Messages a schema writes itself: `.min(1, '…')`, `{ message: '…' }`, `{ error: '…' }`, maxChars(…, 80, '…'). */
const MESSAGE_AT = [
  /\.(?:min|max|int|regex|refine|positive|nonnegative|length)\(\s*(?:[^,()'"`]+(?:\([^()]*\))?[^,()'"`]*,\s*)?'([^']+)'/g,
  /\b(?:message|error):\s*'([^']+)'/g,
  /maxChars\([\s\S]*?,\s*\d[\w_]*,\s*'([^']+)'\)/g,
];

/**
 * Messages only an API caller meets — a query parameter, a value the portal's own controls always send
 * right, an id in a path — which stay English like the rest of the API's answers.
 */
const API_ONLY = new Set([
  'Use 0 or 1',
  'is_active must be true or false',
  'is_blocked must be true or false',
  'allow must be true or false',
  'Unknown app',
  'Unknown access code',
  'A passkey is checked at /apiv1/auth/passkeys/sign-in/',
  'Not a valid merchant id',
  'Not a valid customer id',
  'Not a valid product id',
  'Not a valid saved card id',
  'Not a valid page address',
  'Not a valid test clock id',
  'Not a valid recurring invoice id',
  'Not a valid industry type id',
  'Not a valid provider id',
  'Not a valid credential field',
  'Not a checkout page to return to',
  'Enter the buyer id or leave it out',
  'The buyer id is too long',
  'Quantity must be a whole number',
  'Quantity must be at least 1',
  'Use a whole number of minor units (cents)',
  'Enter the amount in minor units (cents)',
  'Amount must be whole minor units',
  'Send credentials, enabled or fallback',
  'Kind must be payment_service, gift_card, digital_wallet or anti_fraud',
  'Role must be 3 (sub-user) or 5 (staff)',
  'Hub status must be 1, 2, 3 or 4',
  'Hub must be payment or finance',
  'Use true or false',
  'Mode is test or live',
  'Choose test or live',
  'Use product or logo',
  'Unknown status',
  'Search is too long',
  'Store must be true, false, "ask" or "preselect"',
  'Choose whether a second factor is required (true or false).',
  'Use charge_automatically or send_invoice',
  'Say whether it ends now or at the end of the period',
  'Say whether the price is active',
  'Use canceled or unpaid',
  'Use "all" or a list of event types',
  'The embed token is missing',
  'Not a valid industry type',
  'sk_test_',
  'sk_live_',
  '*.',
  '+',
]);

function contractMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(CONTRACT).filter((name) => /(?<!\.test)\.ts$/.test(name))) {
    const source = readFileSync(join(CONTRACT, file), 'utf8');
    for (const pattern of MESSAGE_AT) for (const match of source.matchAll(pattern)) found.set(match[1]!, file);
  }
  return found;
}

const catalogue = async (locale: 'de' | 'fr' | 'es') => ({
  locale,
  t: createTranslator(locale, await loadPortalCatalogue(locale), portalEnglish),
});

describe('validation messages in the portal', async () => {
  const french = await catalogue('fr');

  it('has a catalogue key for every message a contract schema words for a person', () => {
    const messages = contractMessages();
    expect(messages.size).toBeGreaterThan(150);
    const missing = [...messages]
      .filter(([message]) => !API_ONLY.has(message) && validationText(message, french) === message)
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('translates a schema’s own message and one with a number in it', async () => {
    const spanish = await catalogue('es');
    expect(validationText('Enter the business name', spanish)).toBe('Introduce el nombre de la empresa');
    expect(validationText('Use at least 8 characters', french)).toBe('Utilisez au moins 8 caractères');
    expect(validationText('Use a year between 1900 and 2200', await catalogue('de'))).toBe(
      'Verwenden Sie ein Jahr zwischen 1900 und 2200',
    );
  });

  it('translates zod’s readable defaults as a form meets them', () => {
    installValidationMessages();
    const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!.message;
    expect(validationText(issue(z.string().max(3), 'abcd'), french)).toBe('Utilisez au plus 3 caractères');
    expect(validationText(issue(z.object({ a: z.string() }), {}), french)).toBe('Ce champ est obligatoire');
    expect(validationText(issue(z.number().min(5), 2), french)).toBe('Doit être au moins 5');
  });

  it('leaves English and an unknown message as they are', () => {
    expect(validationText('Enter the business name', portalEnglishI18n)).toBe('Enter the business name');
    expect(validationText('Something no schema says', french)).toBe('Something no schema says');
  });
});
