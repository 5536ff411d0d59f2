import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const key = new Uint8Array(32).fill(7);
const now = new Date('2026-11-24T10:00:00Z');
const iat = Math.floor(now.getTime() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token built by hand, as another implementation (or an attacker) would. */
function handMade(header: { alg: string; typ?: string }, payload: object, hash = 'sha256') {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac(hash, key).update(body).digest('base64url')}`;
}

describe('HS256 tokens', () => {
  it('verifies its own tokens and a standard HS256 token made elsewhere, with their claims', () => {
    const token = signJwt(key, { sub: 'u1', aud: 'kassa-checkout', iat, exp: iat + 60 });
    expect(verifyJwt(key, token, now, { aud: 'kassa-checkout' })).toMatchObject({ sub: 'u1', iat, exp: iat + 60 });
    const other = handMade({ alg: 'HS256', typ: 'JWT' }, { sub: 'u2', iss: 'kassa', iat, exp: iat + 60 });
    expect(verifyJwt(key, other, now, { iss: 'kassa' }).sub).toBe('u2');
  });

  it('refuses a token at or past its expiry by the caller’s clock', () => {
    const token = signJwt(key, { sub: 'u1', iat, exp: iat + 60 });
    expect(() => verifyJwt(key, token, new Date((iat + 59) * 1000), {})).not.toThrow();
    expect(() => verifyJwt(key, token, new Date((iat + 60) * 1000), {})).toThrow();
    expect(() => verifyJwt(key, handMade({ alg: 'HS256' }, { sub: 'u1', iat }), now, {})).toThrow();
  });

  it('refuses another key, another audience or issuer, a changed payload, alg none and other algorithms', () => {
    const token = signJwt(key, { sub: 'u1', aud: 'kassa-checkout', iss: 'kassa', iat, exp: iat + 60 });
    expect(() => verifyJwt(new Uint8Array(32).fill(8), token, now, {})).toThrow();
    expect(() => verifyJwt(key, token, now, { aud: 'somebody-else' })).toThrow();
    expect(() => verifyJwt(key, token, now, { iss: 'somebody-else' })).toThrow();
    const [header, , signature] = token.split('.');
    const richer = `${header}.${b64({ sub: 'admin', aud: 'kassa-checkout', iss: 'kassa', iat, exp: iat + 60 })}.${signature}`;
    expect(() => verifyJwt(key, richer, now, {})).toThrow();
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u1', iat, exp: iat + 60 })}.`;
    expect(() => verifyJwt(key, none, now, {})).toThrow();
    const hs512 = handMade({ alg: 'HS512', typ: 'JWT' }, { sub: 'u1', iat, exp: iat + 60 }, 'sha512');
    expect(() => verifyJwt(key, hs512, now, {})).toThrow();
  });
});
