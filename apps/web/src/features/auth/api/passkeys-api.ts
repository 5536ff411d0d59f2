// Calls of /auth/passkeys/ and /auth/sessions/ with the browser side of WebAuthn from
// @simplewebauthn/browser: the server's options go to the authenticator, its answer back to the server.
import type { TokensResult } from '@kassa/contract/auth';
import type { AuthSession, Passkey, PasskeyOptionsResult } from '@kassa/contract/passkeys';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const PASSKEYS_PATH = '/auth/passkeys/';
export const SESSIONS_PATH = '/auth/sessions/';

export const usePasskeys = () => useSWR<{ passkeys: Passkey[] }>(PASSKEYS_PATH, { revalidateOnFocus: false });
export const useSessions = () => useSWR<{ sessions: AuthSession[] }>(SESSIONS_PATH, { revalidateOnFocus: false });

/** Asks the browser for a new passkey and stores it under `name`. */
export async function addPasskey(name: string) {
  const { result } = await apiPost<PasskeyOptionsResult>(`${PASSKEYS_PATH}registration/options/`);
  const credential = await startRegistration({
    optionsJSON: result.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiPost<Passkey>(`${PASSKEYS_PATH}registration/`, { ceremony_token: result.ceremony_token, name, credential });
}

export const renamePasskey = (id: string, name: string) => apiPatch<Passkey>(`${PASSKEYS_PATH}${id}/`, { name });
export const removePasskey = (id: string) => apiDelete<null>(`${PASSKEYS_PATH}${id}/`);

/** Signs in with a passkey: alone, or after the password with the sign-in's `otp_token`. */
export async function signInWithPasskey(otpToken?: string): Promise<TokensResult> {
  const { result } = await apiPost<PasskeyOptionsResult>(
    `${PASSKEYS_PATH}sign-in/options/`,
    otpToken ? { otp_token: otpToken } : {},
  );
  const credential = await startAuthentication({
    optionsJSON: result.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const tokens = await apiPost<TokensResult>(`${PASSKEYS_PATH}sign-in/`, {
    ceremony_token: result.ceremony_token,
    credential,
  });
  return tokens.result;
}

export const signOutSession = (id: string) => apiDelete<null>(`${SESSIONS_PATH}${id}/`);
export const signOutOtherSessions = () => apiPost<{ signed_out: number }>(`${SESSIONS_PATH}sign-out-others/`);

/** The browser's own refusal (the person closed the prompt) reads differently from a server error. */
export const isPromptCancelled = (e: unknown) =>
  e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');
