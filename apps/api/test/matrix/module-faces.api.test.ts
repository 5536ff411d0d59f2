// Module faces: another module is used only through its service (`*.service.ts`). The composition
// root may also mount a module's `*.routes.ts` (routes.ts, app.ts) and `*.plugin.ts` (app.ts), and
// start its `*.worker.ts` (jobs/). Every other import of a module's file from outside the module is a
// finding, and there are none (docs/ARCHITECTURE.md#layers).
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

describe('module faces', () => {
  it('no module reaches into another module’s internals', () => {
    expect(moduleFaceFindings()).toEqual([]);
  });
});
