// argon2id with m = 19 MiB, t = 2 (OWASP's minimum; docs/ARCHITECTURE.md#layers), and the common-password list
// from zxcvbn-ts so "password123" never becomes a merchant's password.

import { PASSWORD_MAX, PASSWORD_MIN } from '@kassa/contract/auth';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './app-error.ts';

const ARGON2 = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string) => common.has(password.toLowerCase());

export function assertAcceptablePassword(password: string, field = 'password') {
  if (password.length < PASSWORD_MIN) throw invalid(field, `Use at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) throw invalid(field, `Use at most ${PASSWORD_MAX} characters`);
  if (isCommonPassword(password)) throw invalid(field, 'This password is too common. Choose another one.');
}

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // A user without a password (invited, not yet set) still costs one hash, so timing reveals nothing.
  if (!stored) {
    await hash(password, ARGON2);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
