// docs/product-rules.md#states-and-transitions "Embed login flow": runs once per page load. With token and merchant_id, POST
// /auth/embed-callback/ with the parent page as domain; the answer must carry an access token
// (docs/product-rules.md#validation: else "Access token not found in response."); the tokens and the allowed segments are
// stored, then the user goes home, limited to those segments.
import type { User } from '@kassa/contract/auth';
import { EMBED_NO_ACCESS_TOKEN, type EmbedCallbackResult } from '@kassa/contract/embed';
import { apiPost } from '../../lib/api-client.ts';
import { EMBED_TABS_KEY } from '../../lib/auth-cookies.ts';
import { EMBED_ENTRY_URL_KEY } from '../../lib/browser-session.ts';
import { getProfile } from '../auth/index.ts';
import { saveEmbedTokens } from './embed-cookies.ts';

// The /embed address the portal was opened with is kept under EMBED_ENTRY_URL_KEY: only that
// document is served with the parent's frame-ancestors, so lib/browser-session.ts sends a forced
// reload back through it.
export { EMBED_ENTRY_URL_KEY };

export const EMBED_CALLBACK_PATH = '/auth/embed-callback/';
export const COOKIES_BLOCKED =
  'Your browser blocks Kassa’s cookies and storage inside this site. Allow third-party cookies for it, or open Kassa directly.';

export interface EmbedParams {
  token: string;
  merchantId: string;
}

export interface EmbedSession {
  access: string;
  refresh: string;
  allowedTabs: string[];
  user: User;
}

/** The parent page for the callback's domain check: the referrer's origin (docs/product-rules.md#api-calls), else the frame's ancestor. */
export function parentOrigin(
  referrer: string = document.referrer,
  ancestors: ArrayLike<string> | undefined = window.location.ancestorOrigins,
): string {
  try {
    if (referrer) return new URL(referrer).origin;
  } catch {
    // an unparsable referrer counts as none
  }
  return ancestors?.[0] ?? '';
}

/** docs/product-rules.md#entities: allowed_segments is a comma-separated string of tabs. */
export const parseSegments = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((tab) => tab.trim())
    .filter(Boolean);

async function runEmbedLogin({ token, merchantId }: EmbedParams, domain: string): Promise<EmbedSession> {
  const body = await apiPost<Partial<EmbedCallbackResult> | null>(EMBED_CALLBACK_PATH, {
    token,
    merchant_id: merchantId,
    domain,
  });
  const access = body.result?.access;
  if (!access) throw new Error(EMBED_NO_ACCESS_TOKEN);
  const refresh = body.result?.refresh ?? '';
  if (!saveEmbedTokens(access, refresh || undefined)) throw new Error(COOKIES_BLOCKED);
  const allowedTabs = parseSegments(body.result?.allowed_segments);
  try {
    window.localStorage.setItem(EMBED_TABS_KEY, JSON.stringify(allowedTabs));
    window.sessionStorage.setItem(EMBED_ENTRY_URL_KEY, window.location.href);
  } catch {
    // A browser that blocks third-party storage throws SecurityError on any access.
    throw new Error(COOKIES_BLOCKED);
  }
  const user = await getProfile();
  return { access, refresh, allowedTabs, user };
}

let current: { key: string; login: Promise<EmbedSession> } | null = null;

/**
 * One callback per page load and link, however often it is asked for (React StrictMode runs effects
 * twice): the embed token starts one session, not two.
 */
export function startEmbedLogin(params: EmbedParams, domain: string = parentOrigin()): Promise<EmbedSession> {
  const key = `${params.merchantId}\n${params.token}`;
  if (current?.key !== key) current = { key, login: runEmbedLogin(params, domain) };
  return current.login;
}
