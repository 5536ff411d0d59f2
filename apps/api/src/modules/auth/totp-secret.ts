// How an authenticator-app secret is sealed at rest: with the credential key (lib/keys.ts), under
// associated data naming the user, so a sealed secret copied to another user's row does not open.
import { type Keys, open, seal } from '../../lib/keys.ts';

export const totpSecretAad = (userId: string) => `user-totp:${userId}`;
export const sealTotpSecret = (keys: Keys, userId: string, secret: string) => seal(keys, secret, totpSecretAad(userId));
export const openTotpSecret = (keys: Keys, userId: string, sealed: string) => open(keys, sealed, totpSecretAad(userId));
