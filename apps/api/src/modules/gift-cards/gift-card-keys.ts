// The key of gift card PIN hashes. It hangs off the credential key of a key version (HKDF with its
// own label, so it is never the encryption key itself) and the hash records that version: a root
// key rotation leaves every issued PIN verifiable, which a key derived from the current root alone
// would not.
import { hkdfSync } from 'node:crypto';
import type { Keys } from '../../lib/keys.ts';
import { hashGiftCardPin } from '../../payments/gift-card-engine.ts';

const pinKey = (keys: Keys, version: number) =>
  Buffer.from(hkdfSync('sha256', keys.encryption(version), 'kassa', 'gift-card-pin', 32));

/** `v<version>.<hex HMAC>` */
export function hashPin(keys: Keys, code: string, pin: string): string {
  const version = keys.currentVersion;
  return `v${version}.${hashGiftCardPin(pinKey(keys, version), code, pin)}`;
}

/** The key and bare hash the gift card engine checks a PIN with. */
export function pinCheck(keys: Keys, stored: string): { key: Buffer; pinHash: string } {
  const [v, hash] = stored.split('.');
  return { key: pinKey(keys, Number(v?.slice(1))), pinHash: hash ?? '' };
}
