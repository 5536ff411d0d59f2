// Provider credentials at rest (docs/ARCHITECTURE.md): every field is its own AES-256-GCM
// ciphertext whose associated data binds merchant, connection and field name (seal() adds the key
// version), so a ciphertext copied into another merchant's row, another connection or another field
// fails to decrypt instead of leaking into the wrong account.
import { type Keys, open, seal } from '../../lib/keys.ts';
import type { CredentialField } from '../../payments/registry.ts';

const credentialAad = (merchantId: string, connectionId: string, field: string) =>
  `${merchantId}|${connectionId}|${field}`;

export function sealCredentials(
  keys: Keys,
  merchantId: string,
  connectionId: string,
  plain: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(plain).map(([field, value]) => [
      field,
      seal(keys, value, credentialAad(merchantId, connectionId, field)),
    ]),
  );
}

/** Throws when any field was tampered with or belongs to another merchant, connection or field. */
export function openCredentials(
  keys: Keys,
  merchantId: string,
  connectionId: string,
  sealed: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sealed).map(([field, value]) => [
      field,
      open(keys, value, credentialAad(merchantId, connectionId, field)),
    ]),
  );
}

const DOTS = '••••';

/**
 * Enough to recognise a key, never enough to use it: a "sk_test_"-style prefix plus the last 4
 * characters, and only the dots when the value is too short to show anything safely.
 */
export function maskSecret(value: string): string {
  if (value.length < 12) return DOTS;
  const prefix = value.match(/^[a-z]{2,5}_(?:(?:test|live)_)?/i)?.[0] ?? '';
  return `${prefix}${DOTS}${value.slice(-4)}`;
}

/** Secret fields masked; account ids and other non-secret fields as entered (registry CredentialField). */
export function maskCredentials(
  fields: readonly CredentialField[],
  plain: Readonly<Record<string, string>>,
): Record<string, string> {
  const isSecret = (name: string) => fields.find((f) => f.name === name)?.secret ?? true;
  return Object.fromEntries(
    Object.entries(plain).map(([name, value]) => [name, isSecret(name) ? maskSecret(value) : value]),
  );
}
