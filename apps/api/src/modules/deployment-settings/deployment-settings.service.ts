// Settings every API process on one database must share. Two processes with different root secrets
// each reject the other's tokens; with different PUBLIC_URLs they hand out links and webhook
// signatures for different hosts; with different trusted proxies they rate-limit different
// addresses. Each failure shows up later, one request at a time, on whichever process a load
// balancer picked; a refusal at start names the setting instead (docs/ARCHITECTURE.md#processes-in-production).
import { createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StartupRefusal } from '../../lib/startup-refusal.ts';
import { recordedFingerprints, recordFingerprints } from './deployment-settings.queries.ts';

const ROOT_SECRET = 'KASSA_SECRET_KEY';

/** The shared settings by their environment variable, as this process understood them. */
function sharedSettings(config: Config): Record<string, string> {
  return {
    PUBLIC_URL: config.publicUrl,
    KASSA_TRUSTED_PROXIES: JSON.stringify(config.trustedProxies),
  };
}

const fingerprint = (root: string, name: string, value: string) =>
  createHmac('sha256', Buffer.from(hkdfSync('sha256', root, 'kassa', 'deployment-settings', 32)))
    .update(`${name}\n${value}`)
    .digest('base64url');

function fingerprintsUnder(root: string, config: Config): Map<string, string> {
  const all = new Map([[ROOT_SECRET, fingerprint(root, ROOT_SECRET, '')]]);
  for (const [name, value] of Object.entries(sharedSettings(config))) all.set(name, fingerprint(root, name, value));
  return all;
}

export interface SettingsCheck {
  /** Settings this start recorded as changed (it was the only process, so nothing disagreed). */
  changed: string[];
}

/**
 * Compares this process's shared settings with those recorded by the processes before it, then
 * records its own. `alone`: no other API process runs on this database now, so a changed PUBLIC_URL
 * or trusted-proxy list is a deliberate change. The root secret must always match, or be one of
 * KASSA_PREVIOUS_SECRET_KEYS (a rotation): the data is sealed with it. Callers run this with the
 * database's start-up lock held, so two starting processes never both record.
 */
export async function checkDeploymentSettings(
  db: Db,
  config: Config,
  rootSecret: string,
  alone: boolean,
  now: Date,
): Promise<SettingsCheck> {
  const recorded = await recordedFingerprints(db);
  const mine = fingerprintsUnder(rootSecret, config);
  const stored = recorded.get(ROOT_SECRET);
  // The root the recorded fingerprints were made with: this one, or one this process rotates from.
  const recordedRoot = stored
    ? [rootSecret, ...config.previousSecretKeys].find((root) => fingerprint(root, ROOT_SECRET, '') === stored)
    : rootSecret;
  if (recordedRoot === undefined) {
    throw new StartupRefusal(
      `${ROOT_SECRET} is not the root secret this database's data was sealed with (the other processes' one). ` +
        `Start every process with the same ${ROOT_SECRET}; to change it, run \`npm run keys:rotate\` with the old one ` +
        'in KASSA_PREVIOUS_SECRET_KEYS (docs/decisions/0012-key-rotation.md).',
    );
  }
  const theirs = fingerprintsUnder(recordedRoot, config);
  const changed = [...theirs].filter(([name, fp]) => recorded.has(name) && recorded.get(name) !== fp).map(([n]) => n);
  if (changed.length > 0 && !alone) {
    throw new StartupRefusal(
      `${changed.join(' and ')} ${changed.length > 1 ? 'differ' : 'differs'} from the value the other Kassa processes ` +
        'on this database run with. Give every process the same value; to change it, restart them all with the new one.',
    );
  }
  await recordFingerprints(db, mine, now);
  return { changed };
}
