// The buyer pages' entry (checkout-main.tsx) must stay small: a buyer downloads React, the checkout
// pages and the widget, never the back office's libraries. A shared rule imported from the wrong
// contract module once pulled zod (~28 KB gzip) into every checkout page load, which no screen shows;
// this walks the entry's import graph as the bundler would and names what it reaches.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = resolve(WEB_SRC, '../../../packages');
const ENTRY = resolve(WEB_SRC, 'checkout-main.tsx');

// Every import a bundler keeps: static, re-exports, side-effect only and dynamic. `import type` and
// `export type` are erased and load nothing. A dynamic import of a package is a later download
// (the checkout toast's SweetAlert2, once a payment has an outcome), so only local ones are followed.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@kassa/contract/')) base = resolve(PACKAGES, 'contract/src', specifier.slice(16));
  else if (specifier === '@kassa/widget') base = resolve(PACKAGES, 'widget/src/index');
  else if (specifier.startsWith('@kassa/widget/')) base = resolve(PACKAGES, 'widget/src', specifier.slice(14));
  if (!base) return null;
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p));
  if (!found) throw new Error(`${from} imports ${specifier}, which does not resolve`);
  return found;
}

/** The npm packages in the entry's first download, with the first file that imports each. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.(css|svg|png)$/.test(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (/\.(css|svg|png)(\?.*)?$/.test(specifier)) continue;
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
      else if (match[1]) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, file.replace(`${resolve(WEB_SRC, '../../..')}/`, ''));
      }
    }
  }
  return packages;
}

describe('the buyer pages entry', () => {
  const reached = packagesReachedFrom(ENTRY);

  it('loads no back-office library: no zod, router, store, HTTP client or component library', () => {
    const backOffice = [
      'zod',
      'react-router',
      'react-redux',
      '@reduxjs/toolkit',
      'axios',
      'swr',
      'react-bootstrap',
      'bootstrap',
      'sweetalert2',
      'recharts',
      // The ICU parser: buyer messages are plain placeholders (docs/i18n.md, placeholder-translate.ts).
      'intl-messageformat',
    ];
    expect(backOffice.filter((name) => reached.has(name)).map((name) => `${name} (from ${reached.get(name)})`)).toEqual(
      [],
    );
  });

  it('does load React, so the walk follows the real graph', () => {
    expect(reached.has('react')).toBe(true);
    expect(reached.has('react-dom')).toBe(true);
  });
});
