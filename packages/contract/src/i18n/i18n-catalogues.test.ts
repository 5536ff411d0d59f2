// A text shown to people must be in every catalogue (docs/i18n.md): each language has each English key
// with the same ICU placeholders, every key the code asks for exists, and the folders already
// translated hold no hard-coded JSX text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { createPlaceholderTranslator } from './placeholder-translate.ts';
import { createTranslator } from './translate.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../../..');
const CATALOGUES = join(HERE, 'catalogues');

/** Namespace → locale → messages, from the files named `<namespace>.<locale>.ts`. */
async function loadAll(): Promise<Map<string, Map<string, Record<string, string>>>> {
  const all = new Map<string, Map<string, Record<string, string>>>();
  for (const file of readdirSync(CATALOGUES)) {
    const match = /^([a-z-]+)\.([a-z]{2})\.ts$/.exec(file);
    if (!match) continue;
    const [, namespace = '', locale = ''] = match;
    const module = (await import(join(CATALOGUES, file))) as Record<string, Record<string, string>>;
    const messages = Object.values(module).find((value) => typeof value === 'object');
    if (!messages) throw new Error(`${file} exports no catalogue`);
    if (!all.has(namespace)) all.set(namespace, new Map());
    all.get(namespace)!.set(locale, messages);
  }
  return all;
}

/** The argument names of an ICU message, plural and select arguments included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: ReturnType<typeof parse>) => {
    for (const node of nodes) {
      if ('value' in node && typeof node.value === 'string' && node.type !== 0) names.add(node.value);
      if ('options' in node) for (const option of Object.values(node.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const CODE_DIRS = ['apps/web/src', 'apps/api/src', 'packages/contract/src', 'packages/widget/src'].map((d) =>
  join(ROOT, d),
);
/** t('key') and t("key"), also as i18n.t(…) or t(cond ? 'a' : 'b'): every literal key the code asks for. */
const KEY_USE = /\bt\(\s*(?:[^()'"]*\?\s*)?['"]([a-zA-Z][\w.-]*)['"](?:\s*:\s*['"]([a-zA-Z][\w.-]*)['"])?/g;

/** Folders (and single files) whose every visible string goes through a catalogue; the portal's list grows folder by folder. */
const TRANSLATED_FOLDERS = [
  'apps/web/src/checkout-app',
  'apps/web/src/features/checkout',
  'apps/web/src/components/payment',
  'apps/web/src/features/customer-portal',
  'apps/web/src/app/layouts/user-menu.tsx',
  'apps/web/src/app/portal-i18n.tsx',
  'apps/web/src/features/transactions',
  'apps/web/src/features/dashboard',
  'apps/web/src/features/virtual-terminal',
  'apps/web/src/features/quick-payments',
  'apps/web/src/features/products',
  'apps/web/src/features/catalog',
  'apps/web/src/features/industry-types',
  'apps/web/src/features/providers',
  'apps/web/src/features/connections',
  'apps/web/src/features/embed',
  'apps/web/src/features/auth',
  'apps/web/src/app',
  'apps/web/src/components',
  'apps/web/src/features/welcome',
  'apps/web/src/features/setup',
  'apps/web/src/features/invoices',
  'apps/web/src/features/recurring-invoices',
  'apps/web/src/features/subscriptions',
  'apps/web/src/features/customers',
  'apps/web/src/features/merchants',
  'apps/web/src/features/users',
  'apps/web/src/features/admin-users',
  'apps/web/src/features/sub-merchants',
  'apps/web/src/features/developers',
  'apps/web/src/features/payment-connections',
  'apps/web/src/features/financial-connections',
  'apps/web/src/features/embed-settings',
];
// Text that is not language: symbols and the brand.
const ALLOWED_TEXT = new Set(['−', '+', '—', '•', 'Kassa', '© Kassa', '×']);

function hardCodedTexts(text: string): string[] {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  // Not after "=>" (an arrow's return type) and not a type list (", keyof …", "& …"): TypeScript, not text.
  for (const match of source.matchAll(
    /(?<!=)>\s*([^\s<>{}`=;(),&|][^<>{}`=;()]*?[A-Za-zÀ-ÿ]{2,}[^<>{}`=;()]*?)\s*</g,
  )) {
    const text = match[1]!.trim();
    if (text && !ALLOWED_TEXT.has(text)) found.push(text);
  }
  for (const match of source.matchAll(
    /\b(alt|title|aria-label|placeholder|label|term|message)="([^"]*[A-Za-z]{2,}[^"]*)"/g,
  )) {
    if (!ALLOWED_TEXT.has(match[2]!)) found.push(`${match[1]}="${match[2]}"`);
  }
  return found;
}

describe('the catalogues', async () => {
  const all = await loadAll();

  it('has every namespace in every language', () => {
    expect(all.size).toBeGreaterThan(0);
    for (const [namespace, locales] of all) {
      expect([...locales.keys()].sort(), namespace).toEqual([...LOCALES].sort());
    }
  });

  it('translates every English key, with the same placeholders, and nothing else', () => {
    const problems: string[] = [];
    for (const [namespace, locales] of all) {
      const english = locales.get('en')!;
      for (const [locale, messages] of locales) {
        for (const key of Object.keys(english)) {
          const text = messages[key];
          if (text === undefined || text.trim() === '') problems.push(`${namespace}.${locale}: ${key} is missing`);
          else if (placeholders(text).join() !== placeholders(english[key]!).join()) {
            problems.push(
              `${namespace}.${locale}: ${key} has {${placeholders(text)}} not {${placeholders(english[key]!)}}`,
            );
          }
        }
        for (const key of Object.keys(messages)) {
          if (!(key in english)) problems.push(`${namespace}.${locale}: ${key} is not in English`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has every key the code uses', () => {
    const known = new Set([...all.values()].flatMap((locales) => Object.keys(locales.get('en') ?? {})));
    const missing: string[] = [];
    for (const file of CODE_DIRS.flatMap((dir) => sourceFiles(dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_USE)) {
        for (const key of [match[1], match[2]]) {
          if (key && !known.has(key)) missing.push(`${relative(ROOT, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds no hard-coded text in the translated folders', () => {
    const found = TRANSLATED_FOLDERS.flatMap((dir) =>
      (dir.endsWith('.tsx') ? [join(ROOT, dir)] : sourceFiles(join(ROOT, dir)))
        .filter((file) => file.endsWith('.tsx') && !/-test-kit\.tsx$/.test(file))
        .flatMap((file) =>
          hardCodedTexts(readFileSync(file, 'utf8')).map((text) => `${relative(ROOT, file)}: ${text}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('keeps the buyer pages, the hosted pages and the widget to plain placeholders, which their light translator fills as ICU would', () => {
    const complex: string[] = [];
    const lightNamespaces = ['buyer', 'hosted', 'hosted-fields', 'widget'];
    for (const [locale, messages] of lightNamespaces.flatMap((namespace) => [...(all.get(namespace) ?? [])])) {
      const icu = createTranslator(locale as 'en', messages);
      const light = createPlaceholderTranslator(locale as 'en', messages);
      for (const [key, text] of Object.entries(messages)) {
        if (parse(text).some((node) => node.type !== 0 && node.type !== 1)) complex.push(`${locale}: ${key}`);
        const values = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));
        expect(light(key, values), `${locale}: ${key}`).toBe(icu(key, values));
      }
    }
    expect(complex).toEqual([]);
  });

  it('catches a missing key and hard-coded text (the checks are not vacuous)', () => {
    expect(placeholders('{count, plural, one {# of {total}} other {# of {total}}}')).toEqual(['count', 'total']);
    expect(hardCodedTexts('<p className="x">Paid</p>\n<img alt="Logo" />\n<dt>{t(\'invoice.paid\')}</dt>')).toEqual([
      'Paid',
      'alt="Logo"',
    ]);
  });
});
