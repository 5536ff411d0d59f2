// The OpenAPI document exactly as a server serves it at /apiv1/docs/json, built on a throwaway
// in-memory database with a fixed public URL so the same code always gives the same document
// (the SDK's generated types are checked against it). Run directly, it prints the document.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { deriveKeys } from '../lib/keys.ts';
import { MemoryMailer } from '../lib/mailer.ts';
import { createProviderResolver } from '../lib/providers.ts';

export const DOCUMENT_PUBLIC_URL = 'https://kassa.example';

export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-openapi-'));
  const database = await openDatabase({ memory: true });
  try {
    await migrateDatabase(database);
    const config = readConfig({ KASSA_DATA_DIR: dataDir, PUBLIC_URL: DOCUMENT_PUBLIC_URL });
    const clock = systemClock;
    const app = await buildApp({
      config,
      database,
      db: database.db,
      keys: deriveKeys('openapi-document-only-0123456789abcdef01234'),
      mailer: new MemoryMailer(),
      clock,
      providers: createProviderResolver(config.publicUrl, clock, config.processorEndpoints),
    });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await servedOpenApiDocument(), null, 2)}\n`);
}
