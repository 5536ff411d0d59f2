// Every text the widget and its hosted pages show exists in German, French and Spanish as well as in
// English (docs/i18n.md): each key the code names is in an English catalogue, and each language has
// every English key, not blank.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { hostedDe } from '@kassa/contract/i18n/catalogues/hosted.de';
import { hostedEn } from '@kassa/contract/i18n/catalogues/hosted.en';
import { hostedEs } from '@kassa/contract/i18n/catalogues/hosted.es';
import { hostedFr } from '@kassa/contract/i18n/catalogues/hosted.fr';
import { hostedFieldsDe } from '@kassa/contract/i18n/catalogues/hosted-fields.de';
import { hostedFieldsEn } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import { hostedFieldsEs } from '@kassa/contract/i18n/catalogues/hosted-fields.es';
import { hostedFieldsFr } from '@kassa/contract/i18n/catalogues/hosted-fields.fr';
import { widgetDe } from '@kassa/contract/i18n/catalogues/widget.de';
import { widgetEn } from '@kassa/contract/i18n/catalogues/widget.en';
import { widgetEs } from '@kassa/contract/i18n/catalogues/widget.es';
import { widgetFr } from '@kassa/contract/i18n/catalogues/widget.fr';
import { describe, expect, it } from 'vitest';

type Messages = Readonly<Record<string, string>>;

const CATALOGUES: Record<string, { en: Messages; translations: Record<string, Messages> }> = {
  'hosted-fields': { en: hostedFieldsEn, translations: { de: hostedFieldsDe, fr: hostedFieldsFr, es: hostedFieldsEs } },
  hosted: { en: hostedEn, translations: { de: hostedDe, fr: hostedFr, es: hostedEs } },
  widget: { en: widgetEn, translations: { de: widgetDe, fr: widgetFr, es: widgetEs } },
};

/** The English keys a translation lacks or leaves blank. */
function missingKeys(english: Messages, translation: Messages): string[] {
  return Object.keys(english).filter((key) => !translation[key]?.trim());
}

const SOURCE = import.meta.dirname;
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Quoted catalogue keys in the code: t('form.paid'), label: 'field.cardNumber', legend: 'group.card'… */
const KEY = /'((?:page|group|field|postal|placeholder|error|form|saved|save|frame|approval|outcome)\.[A-Za-z]+)'/g;
const keysInCode = () =>
  new Set(sourceFiles(SOURCE).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(KEY)].map((m) => m[1]!)));

describe('the widget’s catalogues', () => {
  it('has every English key in German, French and Spanish', () => {
    const missing = Object.entries(CATALOGUES).flatMap(([name, { en, translations }]) =>
      Object.entries(translations).flatMap(([locale, messages]) =>
        missingKeys(en, messages).map((key) => `${name}.${locale}: ${key}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has every key the widget’s code names', () => {
    const known = new Set(Object.values(CATALOGUES).flatMap(({ en }) => Object.keys(en)));
    const used = keysInCode();
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });

  it('catches a key missing or left blank in a language (the check is not vacuous)', () => {
    const { 'form.paid': _paid, ...withoutOne } = hostedFieldsFr;
    expect(missingKeys(hostedFieldsEn, withoutOne)).toEqual(['form.paid']);
    expect(missingKeys(hostedFieldsEn, { ...hostedFieldsDe, 'save.consent': ' ' })).toEqual(['save.consent']);
  });
});
