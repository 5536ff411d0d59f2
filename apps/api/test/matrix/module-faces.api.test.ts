// Module faces: another module is used only through its service (`*.service.ts`). The composition
// root may also mount a module's `*.routes.ts` (routes.ts, app.ts) and `*.plugin.ts` (app.ts), and
// start its `*.worker.ts` (jobs/). Every other import of a module's file from outside the module is a
// finding, and there are none (docs/ARCHITECTURE.md#layers). Nor does a module hand its queries out
// under a service's name: re-exporting a `*.queries.ts` file, or exporting a query under
// another name, makes the SQL the face; a service offers functions named for what the caller wants.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) yield path;
  }
}

function isFace(from: string, target: string): boolean {
  if (target.endsWith('.service.ts')) return true;
  if (target.endsWith('.routes.ts')) return from === 'routes.ts' || from === 'app.ts';
  if (target.endsWith('.plugin.ts')) return from === 'app.ts';
  if (target.endsWith('.worker.ts')) return from.startsWith('jobs/');
  return false;
}

function moduleFaceFindings(): string[] {
  const findings: string[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file);
    const [top, ownModule] = from.split('/');
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = relative(SRC, resolve(dirname(file), specifier ?? ''));
      const [targetTop, targetModule] = target.split('/');
      if (targetTop !== 'modules') continue;
      if (top === 'modules' && targetModule === ownModule) continue;
      if (!isFace(from, target)) findings.push(`${from} -> ${target}`);
    }
  }
  return [...new Set(findings)].sort();
}

const QUERY_REEXPORT =
  /export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+'(\.{1,2}\/[^']+\.queries\.ts)'/g;
const QUERY_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.{1,2}\/[^']+\.queries\.ts'/g;

/** Re-exports of query files and query functions exported under another name, from any module file. */
function queryReexportFindings(files: Iterable<[path: string, text: string]>): string[] {
  const findings: string[] = [];
  for (const [from, text] of files) {
    if (!from.startsWith('modules/') || from.endsWith('.queries.ts')) continue;
    for (const [, target] of text.matchAll(QUERY_REEXPORT)) findings.push(`${from} re-exports ${target}`);
    const queries = [...text.matchAll(QUERY_IMPORT)].flatMap(([, names]) =>
      (names ?? '').split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop() ?? '',
      ),
    );
    for (const [, name, value] of text.matchAll(/export\s+const\s+(\w+)\s*=\s*(\w+)\s*;/g)) {
      if (value && queries.includes(value)) findings.push(`${from} exports ${value} as ${name}`);
    }
    // `export { name }` of an imported query (an export list with no `from`).
    for (const [, names] of text.matchAll(/export\s+\{([^}]*)\}\s*;/g)) {
      for (const entry of (names ?? '').split(',')) {
        const [value = '', name = value] = entry
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/);
        if (value && queries.includes(value)) findings.push(`${from} exports ${value} as ${name}`);
      }
    }
  }
  return findings.sort();
}

function* sourceTexts(): Generator<[string, string]> {
  for (const file of sources(SRC)) yield [relative(SRC, file), readFileSync(file, 'utf8')];
}

describe('module faces', () => {
  it('no service hands out its module’s queries', () => {
    expect(queryReexportFindings(sourceTexts())).toEqual([]);
  });

  it('sees every way a query file is handed out', () => {
    const files: [string, string][] = [
      ['modules/a/a.service.ts', "export { findA } from './a.queries.ts';"],
      ['modules/b/b.service.ts', "export { type BRow, findB as findTheB } from './b.queries.ts';"],
      ['modules/c/c-outbox.ts', "export * from '../c/c.queries.ts';"],
      ['modules/d/d.service.ts', "import { findD, type DRow } from './d.queries.ts';\nexport const dFinder = findD;"],
      [
        'modules/e/e.service.ts',
        "import { findE } from './e.queries.ts';\nexport const eExists = (id: string) => findE(id);",
      ],
      ['modules/f/f.queries.ts', "export { findF } from './f-more.queries.ts';"],
      ['modules/g/g.service.ts', "export { helper } from './g-helper.ts';"],
      [
        'modules/h/h.service.ts',
        "import { findH, type HRow } from './h.queries.ts';\nexport { findH, findH as theH };",
      ],
    ];
    expect(queryReexportFindings(files)).toEqual([
      'modules/a/a.service.ts re-exports ./a.queries.ts',
      'modules/b/b.service.ts re-exports ./b.queries.ts',
      'modules/c/c-outbox.ts re-exports ../c/c.queries.ts',
      'modules/d/d.service.ts exports findD as dFinder',
      'modules/h/h.service.ts exports findH as findH',
      'modules/h/h.service.ts exports findH as theH',
    ]);
  });

  it('no module reaches into another module’s internals', () => {
    expect(moduleFaceFindings()).toEqual([]);
  });
});
