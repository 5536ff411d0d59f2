// Access tokens: JWT HS256 (lib/jwt.ts), 15 minutes (docs/ARCHITECTURE.md#layers). Verified without shared memory so
// any number of API processes accept each other's tokens.
import { signJwt, verifyJwt } from './jwt.ts';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

export interface AccessClaims {
  sub: string; // user id
  role: number;
  mid: string | null; // merchant id
  fam: string; // refresh-token family: revoked families end their access tokens too
  seg?: string; // embed sessions: comma-separated allowed segments
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return signJwt(key, {
    role: claims.role,
    mid: claims.mid,
    fam: claims.fam,
    ...(claims.seg !== undefined ? { seg: claims.seg } : {}),
    sub: claims.sub,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_S,
    iss: 'kassa',
  });
}

export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const payload = verifyJwt(key, token, now, { iss: 'kassa' });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'number' || typeof payload.fam !== 'string')
      return null;
    return {
      sub: payload.sub,
      role: payload.role,
      mid: typeof payload.mid === 'string' ? payload.mid : null,
      fam: payload.fam,
      seg: typeof payload.seg === 'string' ? payload.seg : undefined,
    };
  } catch {
    return null;
  }
}
