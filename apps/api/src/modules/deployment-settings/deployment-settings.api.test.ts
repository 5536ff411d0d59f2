// docs/ARCHITECTURE.md#processes-in-production: the settings every process on one database shares.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { readConfig } from '../../config.ts';
import { deploymentSettings } from '../../db/schema.ts';
import { StartupRefusal } from '../../lib/startup-refusal.ts';
import { checkDeploymentSettings } from './deployment-settings.service.ts';

const { database, drop } = await createTestDatabase();
afterAll(() => drop());
beforeEach(() => database.db.delete(deploymentSettings));

const ROOT = 'first-root-secret-0123456789abcdef0123456789';
const NEW_ROOT = 'second-root-secret-0123456789abcdef012345678';
const now = new Date('2026-11-28T00:00:00Z');
const config = (env: Record<string, string> = {}) =>
  readConfig({ PUBLIC_URL: 'https://pay.example.com', KASSA_TRUSTED_PROXIES: '10.0.0.0/8', ...env });

async function refusal(run: Promise<unknown>): Promise<string> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StartupRefusal);
  return (err as Error).message;
}

describe('the settings all processes share', () => {
  it('records a keyed fingerprint of each, never the secret or the value, and lets the same settings start again', async () => {
    expect(await checkDeploymentSettings(database.db, config(), ROOT, true, now)).toEqual({ changed: [] });
    const rows = await database.db.select().from(deploymentSettings);
    expect(rows.map((r) => r.name).sort()).toEqual(['KASSA_SECRET_KEY', 'KASSA_TRUSTED_PROXIES', 'PUBLIC_URL']);
    for (const row of rows) {
      expect(row.fingerprint).toMatch(/^[\w-]{43}$/);
      for (const plain of [ROOT, 'pay.example.com', '10.0.0.0']) expect(row.fingerprint).not.toContain(plain);
    }
    expect(await checkDeploymentSettings(database.db, config(), ROOT, false, now)).toEqual({ changed: [] });
  });

  it('refuses a process whose PUBLIC_URL or trusted proxies differ from the running ones, naming the setting', async () => {
    await checkDeploymentSettings(database.db, config(), ROOT, true, now);
    expect(
      await refusal(
        checkDeploymentSettings(database.db, config({ PUBLIC_URL: 'https://other.example.com' }), ROOT, false, now),
      ),
    ).toBe(
      'PUBLIC_URL differs from the value the other Kassa processes on this database run with. Give every process the same value; to change it, restart them all with the new one.',
    );
    const both = config({ PUBLIC_URL: 'https://other.example.com', KASSA_TRUSTED_PROXIES: '1' });
    expect(await refusal(checkDeploymentSettings(database.db, both, ROOT, false, now))).toMatch(
      /^PUBLIC_URL and KASSA_TRUSTED_PROXIES differ from the value/,
    );
    // The refused process recorded nothing: the running ones' values stand.
    expect(await checkDeploymentSettings(database.db, config(), ROOT, false, now)).toEqual({ changed: [] });
  });

  it('takes a changed PUBLIC_URL from a process that starts alone (all were restarted with the new one)', async () => {
    await checkDeploymentSettings(database.db, config(), ROOT, true, now);
    const moved = config({ PUBLIC_URL: 'https://new.example.com' });
    expect(await checkDeploymentSettings(database.db, moved, ROOT, true, now)).toEqual({ changed: ['PUBLIC_URL'] });
    expect(await checkDeploymentSettings(database.db, moved, ROOT, false, now)).toEqual({ changed: [] });
  });

  it('refuses another root secret even alone (the data is sealed with it), and takes a rotation from a previous one', async () => {
    await checkDeploymentSettings(database.db, config(), ROOT, true, now);
    const message = await refusal(checkDeploymentSettings(database.db, config(), NEW_ROOT, true, now));
    expect(message).toContain("KASSA_SECRET_KEY is not the root secret this database's data was sealed with");
    expect(message).toContain('npm run keys:rotate');
    expect(message).not.toContain(NEW_ROOT);

    const rotated = config({ KASSA_PREVIOUS_SECRET_KEYS: ROOT });
    expect(await checkDeploymentSettings(database.db, rotated, NEW_ROOT, false, now)).toEqual({ changed: [] });
    // After the rotation a process still on the old root is the one that disagrees.
    expect(await refusal(checkDeploymentSettings(database.db, config(), ROOT, false, now))).toMatch(
      /^KASSA_SECRET_KEY/,
    );
  });
});
