// Keys derived from the one root secret (KASSA_SECRET_KEY or the file generated in the data dir):
// token signing, credential encryption (per key version) and card fingerprints never share a key.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Keys {
  tokenSigning: Uint8Array;
  fingerprint: Buffer;
  /** HMAC key for API key secrets: the database holds only this keyed hash of each secret. */
  apiKeyHashing: Buffer;
  /**
   * HMAC key for the fingerprint an Idempotency-Key keeps of its request: a charge's body holds the
   * card, so what is stored must not be a plain hash of it.
   */
  requestHashing: Buffer;
  /** The key version new ciphertexts are written with. */
  currentVersion: number;
  encryption(version: number): Buffer;
}

const derive = (root: string, info: string) => Buffer.from(hkdfSync('sha256', root, 'kassa', info, 32));

export function deriveKeys(root: string, previousRoots: string[] = []): Keys {
  // Version n is derived from the n-th root: rotation appends a new root and re-encrypts.
  const roots = [...previousRoots, root];
  return {
    tokenSigning: new Uint8Array(derive(root, 'jwt-signing')),
    fingerprint: derive(root, 'card-fingerprint'),
    // From the first root: rotating the root re-encrypts credentials but must not void every API key
    // merchants have deployed (the secrets are 32 random bytes; the key only adds defence in depth).
    apiKeyHashing: derive(roots[0] ?? root, 'api-key-hash'),
    // From the first root too: a rotation must not make a retried request look like another one.
    requestHashing: derive(roots[0] ?? root, 'idempotency-request-hash'),
    currentVersion: roots.length,
    encryption(version: number) {
      const r = roots[version - 1];
      if (!r) throw new Error(`Unknown key version ${version}`);
      return derive(r, 'credential-encryption');
    },
  };
}

/** The root secret: from the environment, else from `<dataDir>/secret.key`, generated on first start. */
export function loadRootSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** AES-256-GCM with associated data; output `v<version>.<iv>.<tag>.<ciphertext>` in base64url. */
export function seal(keys: Keys, plaintext: string, associatedData: string): string {
  const version = keys.currentVersion;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption(version), iv);
  cipher.setAAD(Buffer.from(`${associatedData}|v${version}`));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [`v${version}`, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(keys: Keys, sealed: string, associatedData: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  const version = Number(v?.slice(1));
  if (!iv || !tag || body === undefined || !Number.isInteger(version)) throw new Error('Malformed ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption(version), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${associatedData}|v${version}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const sealedVersion = (sealed: string) => Number(sealed.split('.')[0]?.slice(1));

/** Opaque tokens (refresh, reset, otp challenge) are stored only as their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const hmacHex = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
