// A software authenticator for API tests: an ES256 key pair made with node:crypto, answering the
// server's options as a platform authenticator would (WebAuthn Level 3, §6.1 authenticator data and
// §6.5 attestation with fmt "none"). The responses are real: the server checks them with
// @simplewebauthn/server, nothing of the library is mocked.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface TestAuthenticatorOptions {
  rpId: string;
  origin: string;
}

export class TestAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  userHandle: string | null = null;

  constructor(private readonly rp: TestAuthenticatorOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rp.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin = this.rp.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create()` for the given creation options. */
  register(options: { challenge: string; user?: { id: string } }, opts: { origin?: string } = {}) {
    this.userHandle = options.user?.id ?? null;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(FLAG_UP | FLAG_UV | FLAG_AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer to `navigator.credentials.get()`: signs authenticator data with the counter moved on
   * (`counter: 'same'` keeps it, as a replayed or cloned authenticator would).
   */
  assert(challenge: string, opts: { origin?: string; counter?: 'next' | 'same'; userHandle?: string | null } = {}) {
    if (opts.counter !== 'same') this.counter += 1;
    const authData = this.authData(FLAG_UP | FLAG_UV);
    const clientDataJSON = this.clientData('webauthn.get', challenge, opts.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const handle = opts.userHandle === undefined ? this.userHandle : opts.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(handle ? { userHandle: handle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
