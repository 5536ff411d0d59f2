// The served OpenAPI document is one people build on: Redocly's recommended rules (only the
// trailing-slash rule off, see redocly.yaml) find no error in it, and each operation names itself,
// says who may call it and what its errors look like.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { errorResponses, operationIdOf } from './openapi-operation.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
}

/**
 * A folder shaped like the web app's build (apps/web/dist, as `npm run build` leaves it): the app
 * `npm start` serves registers its static files and the `/assets/*` route from it (app.ts).
 */
function builtWebApp() {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'checkout.html'), '<!doctype html><div id="checkout"></div>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-4f2a9c.js'), 'console.log(1)');
  return dir;
}

// The document of the app as `npm start` builds it (server.ts: the web app's routes beside the API),
// not of the API alone: a route of the web app once broke the whole document.
const webDist = builtWebApp();
let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await buildTestApp({}, { webDist });
  const res = await t.app.inject({ method: 'GET', url: '/apiv1/docs/json' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with 0 errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const run = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '50'],
        {
          maxBuffer: 32 * 1024 * 1024,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((error: { stdout: string }) => error);
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves the web app beside it, and documents only the API: no page, asset or docs route', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/some/page' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/apiv1/docs' })).statusCode).toBeLessThan(400);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/apiv1/') && !path.startsWith('/pay/'))).toEqual(
      [],
    );
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/apiv1/docs'))).toEqual([]);
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.summary)).toEqual([]);
  });

  it('documents the error envelope, and sessions or API-key scopes where a caller is needed', () => {
    const list = doc.paths['/apiv1/product/']?.get;
    expect(list?.security).toEqual([{ bearer: [] }, { apiKey: ['products:read'] }]);
    expect(Object.keys(list?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
    expect(list?.responses['403']?.content?.['application/json']?.schema.properties).toHaveProperty('code');
    // Public: the buyer's checkout needs no session.
    const login = doc.paths['/apiv1/auth/login/']?.post;
    expect(login?.security).toEqual([]);
    expect(login?.responses).not.toHaveProperty('403');
  });
});

describe('operation names', () => {
  it('reads method and path, parameters as By…', () => {
    expect(operationIdOf('GET', '/apiv1/product/{id}/')).toBe('getProductById');
    expect(operationIdOf('POST', '/apiv1/developers/api-keys/{id}/roll/')).toBe('postDevelopersApiKeysByIdRoll');
    expect(Object.keys(errorResponses('/apiv1/pay/charge/', false))).toEqual(['400', '429']);
  });
});
