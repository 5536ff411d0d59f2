// HS256 JSON Web Tokens (access tokens, checkout tokens) with fast-jwt: signing and verifying run
// synchronously on node:crypto; jose, used before, went through WebCrypto, a thread-pool job per
// signature (docs/dependencies.md). Expiry is
// checked against the caller's clock (ctx.clock, which tests move), not the machine's.
import { createSigner, createVerifier } from 'fast-jwt';

export type JwtClaims = Record<string, unknown> & { iat: number; exp: number };

type Verify = (token: string) => Record<string, unknown>;
const signers = new WeakMap<Uint8Array, (payload: JwtClaims) => string>();
const verifiers = new WeakMap<Uint8Array, Map<string, Verify>>();

export function signJwt(key: Uint8Array, claims: JwtClaims): string {
  let sign = signers.get(key);
  if (!sign) {
    sign = createSigner({ key: Buffer.from(key), algorithm: 'HS256' });
    signers.set(key, sign);
  }
  return sign(claims);
}

/** The token's claims; throws when its signature, algorithm, audience or issuer is wrong, or it has expired at `now`. */
export function verifyJwt(key: Uint8Array, token: string, now: Date, expected: { aud?: string; iss?: string }) {
  let byExpectation = verifiers.get(key);
  if (!byExpectation) {
    byExpectation = new Map();
    verifiers.set(key, byExpectation);
  }
  const id = `${expected.aud ?? ''}\n${expected.iss ?? ''}`;
  let verify = byExpectation.get(id);
  if (!verify) {
    verify = createVerifier({
      key: Buffer.from(key),
      algorithms: ['HS256'],
      ...(expected.aud ? { allowedAud: expected.aud } : {}),
      ...(expected.iss ? { allowedIss: expected.iss } : {}),
      // Checked below against the caller's clock.
      ignoreExpiration: true,
    }) as Verify;
    byExpectation.set(id, verify);
  }
  const claims = verify(token);
  if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(now.getTime() / 1000)) throw new Error('expired');
  return claims;
}
