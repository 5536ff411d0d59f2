// Passkeys and security keys (WebAuthn, through @simplewebauthn/server). The relying party is the
// portal's PUBLIC_URL: its host is the RP ID and its origin the only origin accepted. Every ceremony
// gets a server-side challenge with its own token, single use and short-lived; verifying first takes
// the challenge (one conditional UPDATE, so of parallel verifications one goes on), then checks the
// response against it, then moves the credential's counter forward (another conditional UPDATE).
import type { TokensResult } from '@kassa/contract/auth';
import {
  PASSKEY_CHALLENGE_TTL_MINUTES,
  type Passkey,
  type PasskeyOptionsResult,
  type PasskeyRegistrationBody,
  type PasskeySignInBody,
} from '@kassa/contract/passkeys';
import type {
  AuthenticatorTransportFuture,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, invalid, notFound, unauthorized } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from './auth-users.queries.ts';
import { findOtpChallenge } from './otp.queries.ts';
import {
  advancePasskeyCounter,
  consumeChallenge,
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listUserPasskeys,
  type PasskeyRow,
  purgeChallenges,
  renamePasskey,
} from './passkeys.queries.ts';
import { removeFactorGuarded } from './second-factor-rules.service.ts';
import { mailSecurityNotice } from './security-notice.ts';
import { assertMaySignIn, completeSignIn } from './sign-in.service.ts';

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_TTL_MINUTES * MINUTE;
const CEREMONY_GONE = 'This passkey prompt has expired or was already used. Try again.';
const NOT_ACCEPTED = 'This passkey could not be verified. Try again or sign in with your password.';

function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  transports: row.transports ? row.transports.split(',') : [],
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

async function storeChallenge(
  ctx: AppContext,
  purpose: 'registration' | 'sign_in',
  challenge: string,
  userId: string | null,
): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  await insertChallenge(ctx.db, {
    purpose,
    challenge,
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

const auditOf = (
  actor: { userId: string; role: number },
  merchantId: string | null,
  action: string,
  data?: Record<string, unknown>,
) => ({
  actor,
  merchantId,
  action,
  entityType: 'user',
  entityId: actor.userId,
  ...(data ? { data } : {}),
});

/**
 * @simplewebauthn/server is loaded at the first ceremony, not at start: it is among the slowest
 * packages to load, and a restart answers sooner without it (docs/operations.md#start-time).
 */
const webauthn = () => import('@simplewebauthn/server');

export async function listPasskeys(ctx: AppContext, actor: Actor): Promise<Passkey[]> {
  return (await listUserPasskeys(ctx.db, actor.userId)).map(toPasskey);
}

/** POST /auth/passkeys/registration/options/: what the browser needs to create a discoverable credential. */
export async function startPasskeyRegistration(ctx: AppContext, actor: Actor): Promise<PasskeyOptionsResult> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const { rpID } = relyingParty(ctx);
  const existing = await listUserPasskeys(ctx.db, user.id);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: 'Kassa',
    rpID,
    userName: user.email,
    userDisplayName: user.firstName || user.email,
    // The user handle is the account id, so a discoverable credential names its account at sign-in.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return {
    ceremony_token: await storeChallenge(ctx, 'registration', options.challenge, user.id),
    options: asJson(options),
  };
}

/** POST /auth/passkeys/registration/: checks the new credential and stores it under the given name. */
export async function finishPasskeyRegistration(
  ctx: AppContext,
  actor: Actor,
  body: PasskeyRegistrationBody,
): Promise<Passkey> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const now = ctx.clock.now();
  const challenge = await consumeChallenge(ctx.db, hashToken(body.ceremony_token), 'registration', now);
  // A ceremony started by another account is as unknown here as an expired one.
  if (!challenge || challenge.userId !== user.id) throw invalid('ceremony_token', CEREMONY_GONE);
  const { rpID, origin } = relyingParty(ctx);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: body.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw invalid('credential', 'The passkey could not be added. Try again.');
  }
  if (!verification.verified) throw invalid('credential', 'The passkey could not be added. Try again.');
  const { credential } = verification.registrationInfo;
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? body.credential.response.transports ?? []).join(','),
      name: body.name,
      createdAt: now,
    });
    if (!row) return undefined;
    await recordAudit(tx, auditOf(actor, actor.merchantId, 'passkey.added', { passkey_id: row.id, name: row.name }));
    return row;
  });
  if (!stored) throw conflict('This passkey is already registered.');
  await mailSecurityNotice(ctx, user, { kind: 'passkey_added', name: stored.name });
  return toPasskey(stored);
}

export async function renameUserPasskey(ctx: AppContext, actor: Actor, id: string, name: string): Promise<Passkey> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const row = await ctx.db.transaction(async (tx) => {
    const renamed = await renamePasskey(tx, user.id, id, name);
    if (renamed) await recordAudit(tx, auditOf(actor, actor.merchantId, 'passkey.renamed', { passkey_id: id, name }));
    return renamed;
  });
  if (!row) throw notFound('This passkey does not exist.');
  await mailSecurityNotice(ctx, user, { kind: 'passkey_renamed', name });
  return toPasskey(row);
}

export async function removeUserPasskey(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  requireFullSession(actor);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const row = await ctx.db.transaction(async (tx) => {
    const removed = await removeFactorGuarded(tx, user.id, () => deletePasskey(tx, user.id, id));
    if (removed)
      await recordAudit(
        tx,
        auditOf(actor, actor.merchantId, 'passkey.removed', { passkey_id: id, name: removed.name }),
      );
    return removed;
  });
  if (!row) throw notFound('This passkey does not exist.');
  await mailSecurityNotice(ctx, user, { kind: 'passkey_removed', name: row.name });
}

/**
 * POST /auth/passkeys/sign-in/options/: without `otp_token` any passkey of this site may answer (a
 * discoverable credential names its account); after the password only that account's passkeys count.
 */
export async function startPasskeySignIn(ctx: AppContext, otpToken: string | undefined): Promise<PasskeyOptionsResult> {
  let userId: string | null = null;
  let allowCredentials: { id: string; transports: AuthenticatorTransportFuture[] }[] | undefined;
  if (otpToken !== undefined) {
    const otp = await findOtpChallenge(ctx.db, hashToken(otpToken));
    if (!otp || otp.consumedAt || otp.expiresAt.getTime() <= ctx.clock.now().getTime())
      throw invalid('otp_token', 'This sign-in has expired. Please sign in again.');
    userId = otp.userId;
    allowCredentials = (await listUserPasskeys(ctx.db, userId)).map((p) => ({
      id: p.credentialId,
      transports: transportsOf(p),
    }));
  }
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  return { ceremony_token: await storeChallenge(ctx, 'sign_in', options.challenge, userId), options: asJson(options) };
}

/** POST /auth/passkeys/sign-in/: a verified assertion signs its credential's owner in. */
export async function finishPasskeySignIn(
  ctx: AppContext,
  body: PasskeySignInBody,
  userAgent: string | undefined,
): Promise<TokensResult> {
  const now = ctx.clock.now();
  const challenge = await consumeChallenge(ctx.db, hashToken(body.ceremony_token), 'sign_in', now);
  if (!challenge) throw unauthorized(CEREMONY_GONE);
  const passkey = await findPasskeyByCredentialId(ctx.db, body.credential.id);
  if (!passkey) throw unauthorized('This passkey is not registered with Kassa. Sign in with your password.');
  // After a password only that account's passkeys count; a discoverable credential also carries
  // its account in the user handle, which must be the owner of the stored credential.
  if (challenge.userId && challenge.userId !== passkey.userId) throw unauthorized(NOT_ACCEPTED);
  const handle = body.credential.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) throw unauthorized(NOT_ACCEPTED);

  const { rpID, origin } = relyingParty(ctx);
  let newCounter: number;
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response: body.credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    });
    if (!result.verified) throw unauthorized(NOT_ACCEPTED);
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw unauthorized(NOT_ACCEPTED);
  }
  if (!(await advancePasskeyCounter(ctx.db, passkey.id, newCounter, now))) throw unauthorized(NOT_ACCEPTED);

  const user = await findUserById(ctx.db, passkey.userId);
  if (!user) throw unauthorized(NOT_ACCEPTED);
  assertMaySignIn(user);
  return completeSignIn(ctx, user, userAgent);
}

/** Challenges live five minutes; the background jobs drop the expired ones (background-jobs.ts). */
export const purgeExpiredPasskeyChallenges = (ctx: AppContext) => purgeChallenges(ctx.db, ctx.clock.now());

/** The library's options as the plain JSON object the response schema passes through. */
const asJson = (options: { challenge: string }): PasskeyOptionsResult['options'] => ({ ...options });

const transportsOf = (p: PasskeyRow) => (p.transports ? p.transports.split(',') : []) as AuthenticatorTransportFuture[];
