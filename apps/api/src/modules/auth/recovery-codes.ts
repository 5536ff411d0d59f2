// Recovery codes: ten single-use codes shown once when an authenticator app is set up. About 59 random
// bits each, written as three groups of four (xxxx-xxxx-xxxx) from an alphabet without look-alikes. Only a
// hash bound to the user is stored, so a leaked table row matches no one else's code either.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kassa/contract/auth';
import { hashToken } from '../../lib/keys.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // 31 letters and digits: no i, l, o, 0 or 1
const GROUPS = 3;
const GROUP_LENGTH = 4;

function newRecoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** A code as a person may type it: any case, with or without the dashes, spaces around. */
export const normalizeRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

export const recoveryCodeHash = (userId: string, code: string) => hashToken(`${userId}:${normalizeRecoveryCode(code)}`);
