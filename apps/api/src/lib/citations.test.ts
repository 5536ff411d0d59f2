// Comments cite documents that are in the repo (docs/), or say what the code does: a fresh clone
// has no product spec, design notes or issue tracker to look things up in. Every docs/ reference
// must name a file that exists and, with #anchor, a heading in it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SKIP = new Set(['node_modules', 'dist', 'artifacts', 'drizzle', '.git']);
const OUTSIDE = [
  /\b[Ss]pec\s*§?\s*\d/,
  /\b[Ii]ssues? \d/,
  /(?<![\w/])ARCHITECTURE(?!\.md)|(?<!docs\/)ARCHITECTURE\.md/,
  /\bCONVENTIONS\b/,
];

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs|css)$/.test(name) && !name.endsWith('kassa-api.ts')) yield path;
  }
}

const files = () => ['apps', 'packages', 'e2e', 'bench', 'scripts'].flatMap((top) => [...sources(join(ROOT, top))]);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
const anchorsOf = (markdown: string) =>
  new Set(
    markdown
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) =>
        line
          .replace(/^#+ /, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N} -]/gu, '')
          .replace(/ /g, '-'),
      ),
  );

describe('citations in the code', () => {
  it('never cite a document a fresh clone lacks', () => {
    const found: string[] = [];
    for (const file of files()) {
      if (file.endsWith('citations.test.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line)))
            found.push(`${file.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('point at docs/ files and headings that exist', () => {
    const broken = new Set<string>();
    for (const file of files()) {
      for (const [, path, anchor] of readFileSync(file, 'utf8').matchAll(/\bdocs\/([\w./-]+\.md)(?:#([\w-]+))?/g)) {
        const target = join(ROOT, 'docs', path ?? '');
        if (!existsSync(target)) broken.add(`docs/${path}`);
        else if (anchor && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) broken.add(`docs/${path}#${anchor}`);
      }
    }
    expect([...broken]).toEqual([]);
  });
});
