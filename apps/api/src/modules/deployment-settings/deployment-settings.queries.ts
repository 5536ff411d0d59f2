import type { Db } from '../../db/client.ts';
import { deploymentSettings } from '../../db/schema.ts';

export async function recordedFingerprints(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: deploymentSettings.name, fingerprint: deploymentSettings.fingerprint })
    .from(deploymentSettings);
  return new Map(rows.map((r) => [r.name, r.fingerprint]));
}

export async function recordFingerprints(db: Db, fingerprints: Map<string, string>, now: Date): Promise<void> {
  for (const [name, fingerprint] of fingerprints) {
    await db
      .insert(deploymentSettings)
      .values({ name, fingerprint, recordedAt: now })
      .onConflictDoUpdate({ target: deploymentSettings.name, set: { fingerprint, recordedAt: now } });
  }
}
