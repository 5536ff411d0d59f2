// Passkeys and security keys (WebAuthn) and the signed-in devices of a user: the request and response
// schemas of /auth/passkeys/ and /auth/sessions/, shared by the API and the web app. The browser's
// credential JSON is checked for shape and size only; what it proves is checked on the server.
import { z } from 'zod';
import { maxChars } from './text-length.ts';

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_CHALLENGE_TTL_MINUTES = 5;
export const passkeyName = maxChars(
  z.string().trim().min(1, 'Give the passkey a name'),
  PASSKEY_NAME_MAX,
  `Use at most ${PASSKEY_NAME_MAX} characters`,
);

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url');

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);

/** What `startRegistration()` of @simplewebauthn/browser answers. */
export const registrationCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20000),
    transports: transports.optional(),
    authenticatorData: b64url(20000).optional(),
    publicKey: b64url(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What `startAuthentication()` of @simplewebauthn/browser answers. */
export const authenticationCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(20000),
    signature: b64url(4000),
    userHandle: b64url(400).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** Options for `startRegistration({ optionsJSON })` / `startAuthentication({ optionsJSON })`. */
const creationOptions = z.object({ challenge: z.string() }).passthrough();

export const passkeyOptionsResult = z.object({
  /** Names this ceremony when it is verified: the challenge is bound to it and used once. */
  ceremony_token: z.string(),
  options: creationOptions,
});
export type PasskeyOptionsResult = z.infer<typeof passkeyOptionsResult>;

export const passkeyRegistrationBody = z.object({
  ceremony_token: z.string().min(10).max(200),
  name: passkeyName,
  credential: registrationCredential,
});
export type PasskeyRegistrationBody = z.input<typeof passkeyRegistrationBody>;

/** Sign-in options: alone (the passkey names the account), or after the password with its `otp_token`. */
export const passkeySignInOptionsBody = z.object({ otp_token: z.string().min(10).max(200).optional() });
export const passkeySignInBody = z.object({
  ceremony_token: z.string().min(10).max(200),
  credential: authenticationCredential,
});
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

export const passkey = z.object({
  id: z.string().uuid(),
  name: z.string(),
  transports: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyList = z.object({ passkeys: z.array(passkey) });
export const passkeyRenameBody = z.object({ name: passkeyName });
export type PasskeyRenameBody = z.infer<typeof passkeyRenameBody>;

export const authSession = z.object({
  id: z.string().uuid(),
  browser: z.string(),
  os: z.string(),
  /** No address database ships with Kassa, so the place is not guessed. */
  place: z.string(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  is_current: z.boolean(),
});
export type AuthSession = z.infer<typeof authSession>;
export const authSessionList = z.object({ sessions: z.array(authSession) });
export const signedOutCount = z.object({ signed_out: z.number().int() });
export type SignedOutCount = z.infer<typeof signedOutCount>;
